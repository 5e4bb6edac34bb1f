package org.bancada.spring;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * The W3C Server-Timing header of every answer, {@code app;dur=<ms>}: from the handler's
 * selection (before Jackson reads the body into the handler's arguments) to the moment the
 * answer is about to be written, on the JVM's monotonic clock (System.nanoTime).
 */
@ControllerAdvice
public class ServerTiming implements ResponseBodyAdvice<Object>, WebMvcConfigurer {
    private static final String START = "bancada.start_ns";

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
            @Override
            public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                request.setAttribute(START, System.nanoTime());
                return true;
            }
        });
    }

    @Override
    public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    public Object beforeBodyWrite(Object body, MethodParameter returnType, MediaType contentType,
            Class<? extends HttpMessageConverter<?>> converterType, ServerHttpRequest request,
            ServerHttpResponse response) {
        if (request instanceof ServletServerHttpRequest servlet
                && servlet.getServletRequest().getAttribute(START) instanceof Long start) {
            double ms = (System.nanoTime() - start) / 1e6;
            response.getHeaders().set("Server-Timing", String.format(java.util.Locale.ROOT, "app;dur=%.6f", ms));
        }
        return body;
    }
}
