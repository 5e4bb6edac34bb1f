package org.bancada.worker;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import java.io.InputStream;

/**
 * Measures the gRPC Server-Timing span, request parse + handler, and sends it as the
 * {@code server-timing: app;dur=<ms>} trailer on every response, errors included.
 *
 * <p>grpc-java parses a request with the method's request marshaller and, on the same thread,
 * immediately hands it to the call listener's {@code onMessage}. {@link #wrap} replaces every
 * request marshaller with a {@link TimedMarshaller} that notes the clock in a thread-local before
 * parsing; the interceptor's listener picks that up in {@code onMessage}. The span ends when the
 * handler sends its response (before grpc serializes it, as the REST side stops before Jackson
 * writes) or, for an error, when the call closes.
 *
 * <p>A request whose bytes are not a valid message is answered INVALID_ARGUMENT (grpc-java would
 * otherwise say INTERNAL/UNKNOWN without our trailer). A message above the transport's
 * maxInboundMessageSize is rejected by grpc's deframer before any marshaller or interceptor runs:
 * that RESOURCE_EXHAUSTED carries no server-timing trailer.
 */
public final class GrpcServerTiming implements ServerInterceptor {
    public static final Metadata.Key<String> SERVER_TIMING =
            Metadata.Key.of("server-timing", Metadata.ASCII_STRING_MARSHALLER);

    /** Parse start (nanoTime) and parse failure of the request parsed last on this thread. */
    private static final class ParseState {
        long startNanos;
        RuntimeException failure;
    }

    private static final ThreadLocal<ParseState> PARSE = ThreadLocal.withInitial(ParseState::new);

    private GrpcServerTiming() {}

    /** The service with timed request marshallers and the Server-Timing interceptor. */
    public static ServerServiceDefinition wrap(ServerServiceDefinition service) {
        ServiceDescriptor orig = service.getServiceDescriptor();
        ServiceDescriptor.Builder sd = ServiceDescriptor.newBuilder(orig.getName())
                .setSchemaDescriptor(orig.getSchemaDescriptor());
        java.util.List<ServerMethodDefinition<?, ?>> methods = new java.util.ArrayList<>();
        for (ServerMethodDefinition<?, ?> m : service.getMethods()) {
            ServerMethodDefinition<?, ?> timed = timedMethod(m);
            sd.addMethod(timed.getMethodDescriptor());
            methods.add(timed);
        }
        ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(sd.build());
        for (ServerMethodDefinition<?, ?> m : methods) {
            b.addMethod(m);
        }
        return ServerInterceptors.intercept(b.build(), new GrpcServerTiming());
    }

    private static <Q, R> ServerMethodDefinition<Q, R> timedMethod(ServerMethodDefinition<Q, R> m) {
        MethodDescriptor<Q, R> d = m.getMethodDescriptor();
        MethodDescriptor<Q, R> timed = d.toBuilder(new TimedMarshaller<>(d.getRequestMarshaller()), d.getResponseMarshaller())
                .build();
        return ServerMethodDefinition.create(timed, m.getServerCallHandler());
    }

    /** Notes the clock before delegating the parse; turns a parse failure into a prototype + note. */
    static final class TimedMarshaller<T> implements MethodDescriptor.Marshaller<T> {
        private final MethodDescriptor.Marshaller<T> delegate;

        TimedMarshaller(MethodDescriptor.Marshaller<T> delegate) {
            this.delegate = delegate;
        }

        @Override
        public InputStream stream(T value) {
            return delegate.stream(value);
        }

        @Override
        public T parse(InputStream stream) {
            ParseState s = PARSE.get();
            s.failure = null;
            s.startNanos = System.nanoTime();
            try {
                return delegate.parse(stream);
            } catch (RuntimeException e) {
                if (!(delegate instanceof MethodDescriptor.PrototypeMarshaller)) {
                    throw e;
                }
                s.failure = e;
                return ((MethodDescriptor.PrototypeMarshaller<T>) delegate).getMessagePrototype();
            }
        }
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        TimedCall<Q, R> timed = new TimedCall<>(call);
        ServerCall.Listener<Q> delegate = next.startCall(timed, headers);
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(delegate) {
            @Override
            public void onMessage(Q message) {
                ParseState s = PARSE.get();
                timed.startNanos = s.startNanos;
                RuntimeException failure = s.failure;
                s.failure = null;
                if (failure != null) {
                    timed.rejected = true;
                    Status st = Status.fromThrowable(failure);
                    timed.close(Status.INVALID_ARGUMENT.withDescription(
                            "malformed request: " + (st.getDescription() != null ? st.getDescription() : failure))
                            .withCause(failure), new Metadata());
                    return;
                }
                if (!timed.rejected) super.onMessage(message);
            }

            @Override
            public void onHalfClose() {
                if (!timed.rejected) super.onHalfClose();
            }
        };
    }

    /** Ends the span at the response (or at close for errors) and adds the trailer at close. */
    private static final class TimedCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        /** When the call started, the span start until a request parse gives a better one. */
        volatile long startNanos = System.nanoTime();
        volatile long endNanos;
        volatile boolean rejected;
        private boolean closed;

        TimedCall(ServerCall<Q, R> delegate) {
            super(delegate);
        }

        @Override
        public void sendMessage(R message) {
            if (endNanos == 0) endNanos = System.nanoTime();
            super.sendMessage(message);
        }

        @Override
        public synchronized void close(Status status, Metadata trailers) {
            if (closed) return;
            closed = true;
            long end = endNanos != 0 ? endNanos : System.nanoTime();
            trailers.put(SERVER_TIMING, WorkerInfo.serverTiming(Math.max(1, end - startNanos)));
            super.close(status, trailers);
        }
    }
}
