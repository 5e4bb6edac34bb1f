package org.bancada.worker;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.ThreadLocalRandom;
import org.bancada.v1.BenchGrpc;
import org.bancada.v1.EchoRequest;
import org.bancada.v1.EchoResponse;
import org.bancada.v1.InfoRequest;
import org.bancada.v1.InfoResponse;
import org.bancada.v1.PingRequest;
import org.bancada.v1.PingResponse;
import org.bancada.v1.SelectRequest;
import org.bancada.v1.SelectResponse;

/** The gRPC handlers of bancada.v1.Bench. Errors: INVALID_ARGUMENT for a bad Select or Echo. */
public final class BenchService extends BenchGrpc.BenchImplBase {
    private final long delayNanos;

    /** @param delayNanos fixed delay added inside Ping, Select and Echo (0 = none) */
    public BenchService(long delayNanos) {
        this.delayNanos = delayNanos;
    }

    @Override
    public void ping(PingRequest request, StreamObserver<PingResponse> out) {
        WorkerInfo.pause(delayNanos);
        out.onNext(PingResponse.getDefaultInstance());
        out.onCompleted();
    }

    @Override
    public void select(SelectRequest request, StreamObserver<SelectResponse> out) {
        WorkerInfo.pause(delayNanos);
        int n = request.getValuesCount();
        long k = request.getK() == 0 ? Select.DEFAULT_K : Integer.toUnsignedLong(request.getK());
        if (n == 0) {
            out.onError(Status.INVALID_ARGUMENT.withDescription("values must not be empty").asRuntimeException());
            return;
        }
        if (k > n) {
            out.onError(Status.INVALID_ARGUMENT
                    .withDescription("k=" + k + " exceeds the number of values (" + n + ")").asRuntimeException());
            return;
        }
        long seed = request.hasSeed() ? request.getSeed() : ThreadLocalRandom.current().nextLong();
        int[] positions = Select.positions(n, (int) k, seed);
        SelectResponse.Builder b = SelectResponse.newBuilder();
        for (int p : positions) {
            b.addValues(request.getValues(p));
            b.addPositions(p);
        }
        out.onNext(b.build());
        out.onCompleted();
    }

    @Override
    public void echo(EchoRequest request, StreamObserver<EchoResponse> out) {
        WorkerInfo.pause(delayNanos);
        EchoResponse.Builder b = EchoResponse.newBuilder();
        switch (request.getPayloadCase()) {
            case INT64S:
                b.setCount(request.getInt64S().getValuesCount());
                if (request.getEcho()) b.setInt64S(request.getInt64S());
                break;
            case DOUBLES:
                b.setCount(request.getDoubles().getValuesCount());
                if (request.getEcho()) b.setDoubles(request.getDoubles());
                break;
            case STRINGS:
                b.setCount(request.getStrings().getValuesCount());
                if (request.getEcho()) b.setStrings(request.getStrings());
                break;
            case RECORDS:
                b.setCount(request.getRecords().getValuesCount());
                if (request.getEcho()) b.setRecords(request.getRecords());
                break;
            default:
                out.onError(Status.INVALID_ARGUMENT
                        .withDescription("exactly one of int64s, doubles, strings, records is required").asRuntimeException());
                return;
        }
        out.onNext(b.build());
        out.onCompleted();
    }

    @Override
    public void info(InfoRequest request, StreamObserver<InfoResponse> out) {
        out.onNext(InfoResponse.newBuilder()
                .setImplementation(WorkerInfo.implementation("grpc"))
                .setLanguage(WorkerInfo.LANGUAGE)
                .setRuntime(WorkerInfo.runtime())
                .setVersion(WorkerInfo.VERSION)
                .setProtocol("grpc")
                .setPid(WorkerInfo.pid())
                .build());
        out.onCompleted();
    }
}
