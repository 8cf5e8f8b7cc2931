import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.generator.*;
import org.wireshootout.registry.*;
import org.wireshootout.model.Data;
public class Dump {
    public static void main(String[] a) throws Exception {
        for (String row : a) {
            BufferCodec<Data> h = Format.valueOf(row).newCodec();
            UnsafeBuffer b = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(4096));
            int n = h.encode(Data.canonical(), b, 0);
            System.out.println("hand " + row + " " + n + ": " + show(b, n));
            GeneratedMessages.Entry e = GeneratedMessages.of("data");
            dumpGen(e, MessageFormat.valueOf(row), b);
        }
    }
    static <M extends GeneratedMessage<M>> void dumpGen(GeneratedMessages.Entry e, MessageFormat f, UnsafeBuffer b) {
        BufferCodec<M> c = e.newCodec(f);
        M v = GeneratedSamples.of(e);
        int n = c.encode(v, b, 0);
        System.out.println("gen  " + f + " " + n + ": " + show(b, n));
    }
    static String show(UnsafeBuffer b, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) { int c = b.getByte(i) & 0xff; s.append(c >= 32 && c < 127 ? String.valueOf((char) c) : c == 10 ? "\\n" : String.format("\\x%02x", c)); }
        return s.toString();
    }
}
