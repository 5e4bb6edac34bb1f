package org.bancada.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.bancada.v1.BenchGrpc;
import org.bancada.v1.Doubles;
import org.bancada.v1.EchoRequest;
import org.bancada.v1.EchoResponse;
import org.bancada.v1.InfoRequest;
import org.bancada.v1.InfoResponse;
import org.bancada.v1.Int64s;
import org.bancada.v1.PingRequest;
import org.bancada.v1.Record;
import org.bancada.v1.Records;
import org.bancada.v1.SelectRequest;
import org.bancada.v1.SelectResponse;
import org.bancada.v1.Strings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GrpcServerTest {
    private GrpcServer server;
    private ManagedChannel channel;
    private final AtomicReference<Metadata> trailers = new AtomicReference<>();

    @AfterEach
    void tearDown() throws InterruptedException {
        if (channel != null) channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        if (server != null) server.stop(1000);
    }

    /** In-process server and channel (no TCP), as grpc-java's examples test. */
    private BenchGrpc.BenchBlockingStub inProcess(long delayNanos) throws IOException {
        String name = InProcessServerBuilder.generateName();
        server = new GrpcServer(InProcessServerBuilder.forName(name), 128 << 20, delayNanos).start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        return stub();
    }

    /** Real Netty server on a loopback port with the given message limit. */
    private BenchGrpc.BenchBlockingStub netty(int maxMessageBytes) throws IOException {
        server = new GrpcServer(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)), maxMessageBytes, 0).start();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
                .maxInboundMessageSize(256 << 20).build();
        return stub();
    }

    private BenchGrpc.BenchBlockingStub stub() {
        return BenchGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newCaptureMetadataInterceptor(new AtomicReference<>(), trailers))
                .withDeadlineAfter(60, TimeUnit.SECONDS);
    }

    /** The server-timing trailer of the last call, in milliseconds; asserts its format. */
    private double serverTimingMs() {
        Metadata t = trailers.get();
        assertNotNull(t, "no trailers captured");
        String v = t.get(GrpcServerTiming.SERVER_TIMING);
        assertNotNull(v, "no server-timing trailer");
        assertTrue(v.matches("app;dur=\\d+\\.\\d{6}"), v);
        return Double.parseDouble(v.substring("app;dur=".length()));
    }

    @Test
    void pingCarriesServerTiming() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(0);
        s.ping(PingRequest.getDefaultInstance());
        assertTrue(serverTimingMs() > 0);
    }

    @Test
    void delayIsInsideTheMeasuredSpan() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(TimeUnit.MILLISECONDS.toNanos(20));
        s.ping(PingRequest.getDefaultInstance());
        double ms = serverTimingMs();
        assertTrue(ms >= 20 && ms < 2000, "server-timing " + ms);
    }

    @Test
    void info() throws IOException {
        InfoResponse r = inProcess(0).info(InfoRequest.getDefaultInstance());
        assertEquals("java-grpc", r.getImplementation());
        assertEquals("java", r.getLanguage());
        assertEquals("grpc", r.getProtocol());
        assertEquals("0.1.0", r.getVersion());
        assertTrue(r.getRuntime().endsWith(System.getProperty("java.version")), r.getRuntime());
        assertEquals(ProcessHandle.current().pid(), r.getPid());
    }

    @Test
    void selectWithSeedMatchesTheVectorAndDefaultsKTo3() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(0);
        SelectRequest.Builder b = SelectRequest.newBuilder().setSeed(0);
        for (long i = 0; i < 10; i++) b.addValues(i);
        SelectResponse r = s.select(b.build());
        assertEquals(java.util.List.of(5, 1, 9), r.getPositionsList());
        assertEquals(java.util.List.of(5L, 1L, 9L), r.getValuesList());
        assertTrue(serverTimingMs() > 0);
    }

    @Test
    void selectWithoutSeedPicksDistinctMembers() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(0);
        SelectRequest.Builder b = SelectRequest.newBuilder().setK(5);
        for (long i = 0; i < 100; i++) b.addValues(1000 + i);
        SelectResponse r = s.select(b.build());
        assertEquals(5, r.getPositionsCount());
        assertEquals(5, new java.util.HashSet<>(r.getPositionsList()).size());
        for (int i = 0; i < 5; i++) assertEquals(1000L + r.getPositions(i), r.getValues(i));
    }

    @Test
    void badSelectIsInvalidArgumentWithServerTiming() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(0);
        StatusRuntimeException empty = assertThrows(StatusRuntimeException.class,
                () -> s.select(SelectRequest.getDefaultInstance()));
        assertEquals(Status.Code.INVALID_ARGUMENT, empty.getStatus().getCode());
        assertTrue(serverTimingMs() > 0);
        StatusRuntimeException bigK = assertThrows(StatusRuntimeException.class,
                () -> s.select(SelectRequest.newBuilder().addValues(1).addValues(2).setK(3).build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, bigK.getStatus().getCode());
        assertTrue(serverTimingMs() > 0);
    }

    @Test
    void echoWithoutPayloadIsInvalidArgument() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(0);
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> s.echo(EchoRequest.newBuilder().setEcho(true).build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        assertTrue(serverTimingMs() > 0);
    }

    /** Raw bytes sent as a Select request: the server's parse fails. */
    @Test
    void malformedBytesAreInvalidArgumentWithServerTiming() throws IOException {
        inProcess(0);
        MethodDescriptor.Marshaller<byte[]> raw = new MethodDescriptor.Marshaller<>() {
            @Override
            public InputStream stream(byte[] value) {
                return new ByteArrayInputStream(value);
            }

            @Override
            public byte[] parse(InputStream stream) {
                try {
                    return stream.readAllBytes();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        MethodDescriptor<byte[], byte[]> select = BenchGrpc.getSelectMethod().toBuilder(raw, raw).build();
        // field 1 (values) as a packed length-delimited field claiming 100 bytes, then 1 byte
        byte[] truncated = {0x0a, 100, 1};
        io.grpc.Channel ch = io.grpc.ClientInterceptors.intercept(channel,
                MetadataUtils.newCaptureMetadataInterceptor(new AtomicReference<>(), trailers));
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> ClientCalls.blockingUnaryCall(ch, select, CallOptions.DEFAULT, truncated));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), e.toString());
        assertTrue(serverTimingMs() > 0);
        // the server still works afterwards
        stub().ping(PingRequest.getDefaultInstance());
    }

    @Test
    void echoCountsEveryKindAndEchoesThePayload() throws IOException {
        BenchGrpc.BenchBlockingStub s = inProcess(0);
        Int64s ints = Int64s.newBuilder().addValues(1).addValues(-2).addValues(Long.MAX_VALUE).build();
        Doubles ds = Doubles.newBuilder().addValues(0.5).addValues(-1e300).build();
        Strings ss = Strings.newBuilder().addValues("a").addValues("").addValues("ção").addValues("x").build();
        Records rs = Records.newBuilder().addValues(Record.newBuilder().setId(1).setValue(0.5).setName("x")
                .addTags(1).addTags(2)).build();

        assertEquals(3, s.echo(EchoRequest.newBuilder().setInt64S(ints).build()).getCount());
        assertEquals(2, s.echo(EchoRequest.newBuilder().setDoubles(ds).build()).getCount());
        assertEquals(4, s.echo(EchoRequest.newBuilder().setStrings(ss).build()).getCount());
        EchoResponse counted = s.echo(EchoRequest.newBuilder().setRecords(rs).build());
        assertEquals(1, counted.getCount());
        assertEquals(EchoResponse.PayloadCase.PAYLOAD_NOT_SET, counted.getPayloadCase());
        assertEquals(0, s.echo(EchoRequest.newBuilder().setInt64S(Int64s.getDefaultInstance()).build()).getCount());

        assertEquals(ints, s.echo(EchoRequest.newBuilder().setInt64S(ints).setEcho(true).build()).getInt64S());
        assertEquals(ds, s.echo(EchoRequest.newBuilder().setDoubles(ds).setEcho(true).build()).getDoubles());
        assertEquals(ss, s.echo(EchoRequest.newBuilder().setStrings(ss).setEcho(true).build()).getStrings());
        EchoResponse echoed = s.echo(EchoRequest.newBuilder().setRecords(rs).setEcho(true).build());
        assertEquals(rs, echoed.getRecords());
        assertTrue(serverTimingMs() > 0);
    }

    @Test
    void select204800ValuesOverNetty() throws IOException {
        BenchGrpc.BenchBlockingStub s = netty(128 << 20);
        SelectRequest.Builder b = SelectRequest.newBuilder().setK(3).setSeed(2024);
        for (int i = 0; i < 204800; i++) b.addValues((i * 31L) % 1001);
        SelectResponse r = s.select(b.build());
        assertEquals(java.util.List.of(27861, 60971, 40613), r.getPositionsList());
        assertEquals(java.util.List.of(829L, 213L, 746L), r.getValuesList());
        assertTrue(serverTimingMs() > 0);
    }

    /** 64 MiB of int64s (8 Mi values, 8-byte varints) echoed back over a real TCP connection. */
    @Test
    void echo64MiBOverNetty() throws IOException {
        BenchGrpc.BenchBlockingStub s = netty(128 << 20);
        int n = 8 << 20;
        Int64s.Builder ib = Int64s.newBuilder();
        for (int i = 0; i < n; i++) ib.addValues((1L << 49) + i);
        EchoRequest req = EchoRequest.newBuilder().setInt64S(ib).setEcho(true).build();
        assertTrue(req.getSerializedSize() >= 64 << 20, "size " + req.getSerializedSize());
        EchoResponse r = s.echo(req);
        assertEquals(n, r.getCount());
        assertEquals(n, r.getInt64S().getValuesCount());
        assertEquals((1L << 49) + n - 1, r.getInt64S().getValues(n - 1));
        assertTrue(serverTimingMs() > 0);
    }

    @Test
    void messageAboveTheLimitIsResourceExhausted() throws IOException {
        BenchGrpc.BenchBlockingStub s = netty(1 << 20);
        Strings.Builder sb = Strings.newBuilder();
        String kib = "x".repeat(1024);
        for (int i = 0; i < 1100; i++) sb.addValues(kib);
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> s.echo(EchoRequest.newBuilder().setStrings(sb).build()));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode(), e.toString());
        // just under the limit passes on the same server
        Strings.Builder small = Strings.newBuilder();
        for (int i = 0; i < 1000; i++) small.addValues(kib);
        assertEquals(1000, s.echo(EchoRequest.newBuilder().setStrings(small).build()).getCount());
    }
}
