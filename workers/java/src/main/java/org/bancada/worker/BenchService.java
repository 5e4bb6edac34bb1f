package org.bancada.worker;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.ThreadLocalRandom;
import org.bancada.v1.BenchGrpc;
import org.bancada.v1.Car;
import org.bancada.v1.DoubleRequest;
import org.bancada.v1.DoubleResponse;
import org.bancada.v1.MatMulRequest;
import org.bancada.v1.MatMulResponse;
import org.bancada.v1.Matrix;
import org.bancada.v1.PowerOfTwoRequest;
import org.bancada.v1.PowerOfTwoResponse;
import org.bancada.v1.RecolorRequest;
import org.bancada.v1.RecolorResponse;
import org.bancada.v1.SumRequest;
import org.bancada.v1.SumResponse;
import org.bancada.v1.VoidRequest;
import org.bancada.v1.VoidResponse;
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

    // The six methods of the RPC study (seed 002); rules in Methods.

    @Override
    public void void_(VoidRequest request, StreamObserver<VoidResponse> out) {
        out.onNext(VoidResponse.getDefaultInstance());
        out.onCompleted();
    }

    @Override
    public void double_(DoubleRequest request, StreamObserver<DoubleResponse> out) {
        answer(out, () -> DoubleResponse.newBuilder().setValue(Methods.doubleOf(request.getValue())).build());
    }

    @Override
    public void sum(SumRequest request, StreamObserver<SumResponse> out) {
        answer(out, () -> {
            long[] values = new long[request.getValuesCount()];
            for (int i = 0; i < values.length; i++) values[i] = request.getValues(i);
            return SumResponse.newBuilder().setSum(Methods.sum(values)).build();
        });
    }

    @Override
    public void powerOfTwo(PowerOfTwoRequest request, StreamObserver<PowerOfTwoResponse> out) {
        answer(out, () -> PowerOfTwoResponse.newBuilder().setPower(Methods.powerOfTwo(request.getText())).build());
    }

    @Override
    public void recolor(RecolorRequest request, StreamObserver<RecolorResponse> out) {
        answer(out, () -> {
            Methods.checkRecolor(request.hasCar(), request.getColour());
            Car car = request.getCar().toBuilder().setColour(request.getColour()).build();
            return RecolorResponse.newBuilder().setCar(car).build();
        });
    }

    @Override
    public void matMul(MatMulRequest request, StreamObserver<MatMulResponse> out) {
        answer(out, () -> {
            Matrix a = request.getA();
            Matrix b = request.getB();
            double[] p = Methods.matMul(request.hasA() ? Integer.toUnsignedLong(a.getOrder()) : -1, values(a),
                    request.hasB() ? Integer.toUnsignedLong(b.getOrder()) : -1, values(b));
            Matrix.Builder m = Matrix.newBuilder().setOrder(a.getOrder());
            for (double v : p) m.addValues(v);
            return MatMulResponse.newBuilder().setProduct(m).build();
        });
    }

    private static double[] values(Matrix m) {
        double[] v = new double[m.getValuesCount()];
        for (int i = 0; i < v.length; i++) v[i] = m.getValues(i);
        return v;
    }

    /** Sends the answer of f, or INVALID_ARGUMENT for what Methods rejects. */
    private static <T> void answer(StreamObserver<T> out, java.util.function.Supplier<T> f) {
        T reply;
        try {
            reply = f.get();
        } catch (IllegalArgumentException e) {
            out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
            return;
        }
        out.onNext(reply);
        out.onCompleted();
    }
}
