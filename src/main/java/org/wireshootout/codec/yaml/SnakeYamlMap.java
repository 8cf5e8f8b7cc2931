package org.wireshootout.codec.yaml;

import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.FieldMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A block-style YAML mapping of named fields, through SnakeYAML 2.7 configured for untrusted input: what the
 * {@code snakeYaml} row ({@link SnakeYamlCodec}, over the caller's buffer) and its version 2
 * ({@link SnakeYamlMapCodec}, over a buffer of its own) share. They differ only in the map they dump, how they
 * read the loaded one, and where the bytes are.
 *
 * <p>Loading is safe: {@link SafeConstructor} builds only standard YAML types (maps, strings, numbers,
 * booleans), no tag may name a Java class, duplicate keys are refused, no alias may stand for a collection,
 * nesting is limited to 2 and the document to {@value #CODE_POINT_LIMIT} code points and as many bytes (see
 * {@link #CODE_POINT_LIMIT} for why the bytes are checked by the codec). The loaded Map is then checked and
 * copied into the target by hand ({@link #fromMap}). A document must end as the encoder ends it, with a line
 * break (or, in flow style, with its closing brace): a block document cut inside its last line is still valid YAML.
 *
 * <p>Dumping: one {@link Yaml} instance, one {@link LinkedHashMap} refilled per message (insertion order keeps
 * the fields in the order first put), one reusable character sink and one kept iterator over the document
 * ({@link #dump}); characters go to UTF-8 through a reused encoder, from one kept {@code CharBuffer} over the sink,
 * straight into the {@link ByteBuffer} the codec gives ({@link #encode}).
 * SnakeYAML's API takes Java objects and builds its own events and nodes per document, so boxed values, the
 * text String and SnakeYAML's internal objects are allocated on every message: the label says so.
 *
 * <p>YAML carries what JSON cannot: SnakeYAML writes NaN and the infinities as {@code .NaN}, {@code .inf},
 * {@code -.inf} and resolves them back, and -0.0 as {@code -0.0}.
 */
abstract class SnakeYamlMap<T> {
    /**
     * The largest document, in code points and (checked first, by the codec) in UTF-8 bytes, which are never
     * fewer. SnakeYAML checks its code point limit between tokens only, so one long scalar is scanned whole
     * before the limit is seen, and scanning it copies the reader's window once per 1024 characters: quadratic.
     * Measured here on SnakeYAML 2.7: a 64 Ki-character scalar allocates about 9 MB, 128 Ki about 35 MB, a
     * 1,000,000-character one about 1.96 GB (refused only after that). Hence a byte limit the codec checks before
     * SnakeYAML sees anything, and 64 Ki rather than the 128 Ki first chosen.
     */
    static final int CODE_POINT_LIMIT = 64 * 1024;

    /** The row's name as the registry spells it. */
    final String name;
    /** The largest document this codec reads, in code points and in bytes: {@link #CODE_POINT_LIMIT} for the six fields. */
    private final int limit;
    private final Yaml yaml;
    private final Map<String, Object> out = new LinkedHashMap<>(16);
    private final CharSink chars = new CharSink();
    private final CharSource source = new CharSource();
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private CharBuffer decoded = CharBuffer.allocate(512);
    /** The sink's characters for the encoder ({@link #charView}). */
    private CharBuffer dumped;
    private final OneDocument document = new OneDocument();

    SnakeYamlMap(String name) {
        this(name, CODE_POINT_LIMIT, 2);
    }

    /**
     * @param limit the largest document, in code points and in bytes
     * @param depth how deep mappings and sequences may nest (SnakeYAML's count: 2 for one flat mapping)
     */
    SnakeYamlMap(String name, int limit, int depth) {
        this.name = name;
        this.limit = limit;
        LoaderOptions load = new LoaderOptions();
        load.setAllowDuplicateKeys(false);
        load.setMaxAliasesForCollections(0);
        load.setAllowRecursiveKeys(false);
        load.setNestingDepthLimit(depth);
        load.setCodePointLimit(limit);
        load.setTagInspector(tag -> false); // no global tag may select a class
        DumperOptions dump = new DumperOptions();
        dump.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        dump.setAllowUnicode(true); // characters as UTF-8, not \\u escapes
        yaml = new Yaml(new SafeConstructor(load), new Representer(dump), dump, load);
    }

    /**
     * Dumps {@code value} into the character sink; returns how many characters it took. Through {@code dumpAll} over the
     * codec's one-document iterator: SnakeYAML's {@code dump(data, writer)} is that same call over a new one-element
     * list's iterator, three objects a message which C2 removed in some JVMs and kept in others (as {@code Yaml.dumpAll}
     * was inlined into {@code Yaml.dump} or compiled first on its own).
     */
    final int dump(T value) {
        toMap(value, out);
        chars.reset();
        yaml.dumpAll(document.of(out), chars);
        return chars.size();
    }

    /** The most bytes the last {@link #dump}'s characters can take as UTF-8. */
    final int maxBytes() {
        return (int) (chars.size() * (double) encoder.maxBytesPerChar()) + 1;
    }

    /**
     * Encodes the last {@link #dump}'s characters as UTF-8 into {@code bytes} from its position, writing nothing at or
     * past its limit; returns the encoder's result ({@code OVERFLOW} when the limit came first).
     */
    final CoderResult encode(ByteBuffer bytes) {
        encoder.reset();
        CharBuffer in = charView();
        CoderResult r = encoder.encode(in, bytes, true);
        if (r.isError()) throw new IllegalArgumentException("text is not valid UTF-16 (" + r + ")");
        if (r.isOverflow()) return r;
        return encoder.flush(bytes);
    }

    /** The last dump's characters as a {@code CharBuffer}: one kept over the sink's array, made again only when it grows. */
    private CharBuffer charView() {
        char[] a = chars.array();
        if (dumped == null || dumped.array() != a) dumped = CharBuffer.wrap(a);
        dumped.clear();
        dumped.limit(chars.size());
        return dumped;
    }

    /** Refuses a document of more than the limit's bytes, before SnakeYAML sees anything (see {@link #CODE_POINT_LIMIT}). */
    final void checkLength(int length) {
        if (length > limit) {
            throw new DecodeException(name, 0, "document of " + length + " bytes exceeds the " + limit + "-byte limit");
        }
    }

    /**
     * Loads the document in {@code bytes} from its position to its limit into {@code target}; offsets in errors count
     * from that position.
     */
    final void load(ByteBuffer bytes, T target) {
        int start = bytes.position();
        int length = bytes.remaining();
        checkLength(length);
        int last = length > 0 ? bytes.get(start + length - 1) : 0;
        if (length > 0 && last != '\n' && last != '}') {
            // a block document cut short is often still YAML ("longInt: 1234567890" cut to "longInt: 123456"):
            // the encoder ends every document with a line break, a flow mapping ends with its brace
            throw new DecodeException(name, length, "document ends inside a line: cut short?");
        }
        if (decoded.capacity() < length) decoded = CharBuffer.allocate(length); // UTF-8 never has more chars than bytes
        decoded.clear();
        decoder.reset();
        CoderResult r = decoder.decode(bytes, decoded, true);
        if (r.isError()) throw new DecodeException(name, bytes.position() - start, "not UTF-8: " + r);
        decoder.flush(decoded);
        source.reset(decoded.array(), decoded.position());
        Object loaded;
        try {
            loaded = yaml.load(source);
        } catch (YAMLException e) {
            throw new DecodeException(name, byteOffset(e), e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // SafeConstructor turns a scalar into a value without catching what the JDK throws on one that only looks
            // right: a sexagesimal int with a sign inside ("-2022:3", NumberFormatException out of BigInteger), a
            // !!binary that is not base64 (out of java.util.Base64)
            throw new DecodeException(name, 0, "a value SnakeYAML cannot construct: " + e.getMessage(), e);
        }
        if (!(loaded instanceof Map)) throw new DecodeException(name, 0, "expected a mapping, found " + FieldMap.describe(loaded));
        fromMap((Map<?, ?>) loaded, target);
    }

    /**
     * Puts the fields of {@code value} into {@code out}, the same keys in the same order every time (the map is
     * kept, so insertion order is the order of the first message).
     */
    abstract void toMap(T value, Map<String, Object> out);

    /** Checks and copies the loaded mapping into {@code target}. */
    abstract void fromMap(Map<?, ?> loaded, T target);

    /**
     * Where SnakeYAML saw the problem, in bytes of the document: its mark counts code points, turned into UTF-8
     * bytes over the decoded characters. An exception without a mark (a limit) is about the document as a
     * whole: offset 0.
     */
    private long byteOffset(YAMLException e) {
        Mark mark = e instanceof MarkedYAMLException ? ((MarkedYAMLException) e).getProblemMark() : null;
        if (mark == null && e instanceof MarkedYAMLException) mark = ((MarkedYAMLException) e).getContextMark();
        if (mark == null) return 0;
        char[] c = decoded.array();
        int n = decoded.position();
        long bytes = 0;
        int i = 0;
        for (int cp = 0; cp < mark.getIndex() && i < n; cp++) {
            int code = Character.codePointAt(c, i, n);
            int len = Character.charCount(code);
            bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
            i += len;
        }
        return bytes;
    }

    /** The one document a dump writes, as {@code Yaml.dumpAll} takes it, kept across messages. */
    private static final class OneDocument implements Iterator<Object> {
        private Object next;

        OneDocument of(Object document) {
            next = document;
            return this;
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public Object next() {
            if (next == null) throw new NoSuchElementException();
            Object d = next;
            next = null;
            return d;
        }
    }

    /** A Writer over a char array the codec owns and rewinds per message. */
    private static final class CharSink extends Writer {
        private char[] buf = new char[512];
        private int size;

        void reset() { size = 0; }
        char[] array() { return buf; }
        int size() { return size; }

        @Override
        public void write(char[] c, int off, int len) {
            if (len > buf.length - size) buf = Arrays.copyOf(buf, Math.max(size + len, buf.length * 2));
            System.arraycopy(c, off, buf, size, len);
            size += len;
        }

        @Override
        public void write(String s, int off, int len) {
            if (len > buf.length - size) buf = Arrays.copyOf(buf, Math.max(size + len, buf.length * 2));
            s.getChars(off, off + len, buf, size);
            size += len;
        }

        @Override public void flush() { }
        @Override public void close() { }
    }

    /** A Reader over a char array, pointed at new content per message. */
    private static final class CharSource extends Reader {
        private char[] buf;
        private int size;
        private int pos;

        void reset(char[] chars, int length) {
            buf = chars;
            size = length;
            pos = 0;
        }

        @Override
        public int read(char[] c, int off, int len) {
            if (len == 0) return 0;
            int n = Math.min(len, size - pos);
            if (n <= 0) return -1;
            System.arraycopy(buf, pos, c, off, n);
            pos += n;
            return n;
        }

        @Override public void close() { }
    }
}
