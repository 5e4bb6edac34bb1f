package org.bancada.worker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.math.BigInteger;

/**
 * The REST request and response bodies and a strict Jackson mapper: no coercion between JSON
 * types (a string is not a number, 1.5 is not an int64, null is not 0), unknown keys and
 * trailing content are errors. Every mismatch surfaces as a Jackson exception -> HTTP 400.
 */
public final class JsonCodec {
    private JsonCodec() {}

    public static final ObjectMapper MAPPER = strictMapper();

    private static ObjectMapper strictMapper() {
        JsonMapper m = JsonMapper.builder()
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build();
        for (LogicalType t : new LogicalType[] {LogicalType.Textual, LogicalType.Integer, LogicalType.Float,
                LogicalType.Boolean, LogicalType.Array, LogicalType.POJO}) {
            m.coercionConfigFor(t)
                    .setCoercion(CoercionInputShape.Integer, t == LogicalType.Integer || t == LogicalType.Float
                            ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, t == LogicalType.Float ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, t == LogicalType.Boolean ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.String, t == LogicalType.Textual ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, t == LogicalType.Textual ? CoercionAction.TryConvert : CoercionAction.Fail);
        }
        m.getFactory().disable(JsonParser.Feature.ALLOW_COMMENTS);
        return m;
    }

    /** POST /v1/select body. */
    public static final class SelectBody {
        public long[] values;
        public Integer k;
        /** unsigned 64-bit; BigInteger so 2^64-1 parses. */
        public BigInteger seed;
    }

    /** One element of the records kind. */
    public static final class RecordBody {
        public long id;
        public double value;
        public String name = "";
        public long[] tags = new long[0];
    }

    /** POST /v1/echo body: exactly one kind. */
    public static final class EchoBody {
        public long[] int64s;
        public double[] doubles;
        public String[] strings;
        public RecordBody[] records;
        public Boolean echo;
    }

    // The six methods of the RPC study (seed 002).

    /** POST /v1/void body: an object with no keys (or no body). */
    public static final class EmptyBody {}

    /** POST /v1/double body. */
    public static final class DoubleBody {
        public long value;
    }

    /** POST /v1/sum body. */
    public static final class SumBody {
        public long[] values = new long[0];
    }

    /** POST /v1/power-of-two body. */
    public static final class PowerOfTwoBody {
        public String text = "";
    }

    /** The car of Recolor; missing fields take the proto3 defaults. */
    public static final class CarBody {
        public String brand = "";
        public String model = "";
        public int year;
        public String colour = "";
        public double price;
        public String[] extras = new String[0];
    }

    /** POST /v1/recolor body. */
    public static final class RecolorBody {
        public CarBody car;
        public String colour = "";
    }

    /** A square matrix, row-major; order is unsigned 32-bit. */
    public static final class MatrixBody {
        public long order;
        public double[] values = new double[0];
    }

    /** POST /v1/matmul body. */
    public static final class MatMulBody {
        public MatrixBody a;
        public MatrixBody b;
    }
}
