package org.wireshootout.generator;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.registry.MessageFormat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The messages whose codecs were generated, as the class path holds them: every {@link #INDEX} file on it (the
 * build's, for the shapes of {@code schemas/messages/}, and one per folder that {@code run.sh --message} generated
 * into). A message is known by its key: the schema's name, or {@code schema.Message} for a schema of several.
 */
public final class GeneratedMessages {
    /** Where the generator writes its index, in the class folder it compiles into. */
    public static final String INDEX = "META-INF/wireshootout/generated-messages.tsv";

    private GeneratedMessages() {
    }

    /** One generated message: how to make one, and its rows (codec classes) and refusals by library. */
    public record Entry(String key, String messageClass, String schemaSource, Map<String, String> codecs,
                        Map<String, String> cannot, Map<String, String> values) {

        /**
         * The class that fills this message with the values of the values file beside its schema
         * ({@link SampleValues}), or null when it has none.
         */
        public String valuesClass() {
            return values.isEmpty() ? null : values.keySet().iterator().next();
        }

        /** The message filled from its values file; call only when {@link #valuesClass()} is not null. */
        @SuppressWarnings("unchecked")
        public <M extends GeneratedMessage<M>> M fixedSample() {
            M m = newMessage();
            try {
                return (M) type(valuesClass()).getMethod("fill", m.getClass()).invoke(null, m);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the values class " + valuesClass() + " of message " + key + " cannot be used", e);
            }
        }

        /** A new, empty message of this kind. */
        @SuppressWarnings("unchecked")
        public <M extends GeneratedMessage<M>> M newMessage() {
            try {
                return (M) type(messageClass).getConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the generated class " + messageClass + " of message " + key + " cannot be made", e);
            }
        }

        /** A message filled from {@code seed}: the value a benchmark marshals. */
        public <M extends GeneratedMessage<M>> M sample(long seed) {
            M m = newMessage();
            return m.fill(new SplittableRandom(seed));
        }

        /** Whether {@code format} has a row for this message. */
        public boolean carriedBy(MessageFormat format) {
            return codecs.containsKey(format.name());
        }

        /**
         * A new codec of {@code format} for this message, named {@code format/key}.
         *
         * @throws UnsupportedOperationException when the library cannot carry the message, saying why
         */
        @SuppressWarnings("unchecked")
        public <M> BufferCodec<M> newCodec(MessageFormat format) {
            String cls = codecs.get(format.name());
            if (cls == null) {
                String why = cannot.get(format.name());
                throw new UnsupportedOperationException(format.name() + " has no row for message " + key + ": "
                        + (why != null ? why : "the codecs were generated without it (--formats)"));
            }
            try {
                return (BufferCodec<M>) type(cls).getConstructor(String.class).newInstance(rowName(format));
            } catch (InvocationTargetException e) {
                throw new IllegalStateException("the generated codec " + cls + " failed to start", e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the generated codec " + cls + " cannot be made", e);
            }
        }

        /**
         * The edge values {@code format}'s backend declares it cannot carry for this message, read from the schema the
         * message was generated from ({@link org.wireshootout.generator.spi.CodecBackend#edgesNotCarried}).
         */
        public Map<Integer, String> edgesNotCarried(MessageFormat format) throws IOException, org.wireshootout.schema.SchemaException {
            org.wireshootout.schema.Schema schema = org.wireshootout.schema.Schemas.load(java.nio.file.Path.of(schemaSource));
            return format.backend().edgesNotCarried(schema, schema.message(messageClass.substring(messageClass.lastIndexOf('.') + 1)));
        }

        /** The row's name in messages and results: {@code format/key}. */
        public String rowName(MessageFormat format) {
            return format.name() + "/" + key;
        }
    }

    /** A generated class: through the thread's context class loader when it has one (generated into a folder of its own), else this class's. */
    static Class<?> type(String name) throws ClassNotFoundException {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            try {
                return Class.forName(name, true, context);
            } catch (ClassNotFoundException notThere) {
                // fall through to this class's loader
            }
        }
        return Class.forName(name);
    }

    private static volatile Map<String, Entry> all;
    private static volatile Map<String, Entry> unions;

    /** Every generated message on the class path, by key, in index order. */
    public static Map<String, Entry> all() {
        Map<String, Entry> a = all;
        if (a == null) all = a = load(GeneratedMessages.class.getClassLoader());
        return a;
    }

    /**
     * Every generated union on the class path, by key ({@code schema.Union}), in index order: each an entry whose
     * message class is the union's (one message of the stream, whichever member) and whose rows are union codecs.
     */
    public static Map<String, Entry> unions() {
        Map<String, Entry> u = unions;
        if (u == null) unions = u = load(GeneratedMessages.class.getClassLoader(), true);
        return u;
    }

    /**
     * The union of that key.
     *
     * @throws IllegalArgumentException naming the unions there are when there is none
     */
    public static Entry union(String key) {
        Entry e = unions().get(key.strip());
        if (e == null) throw new IllegalArgumentException("no generated union '" + key + "' on the class path; there are " + unions().keySet());
        return e;
    }

    /**
     * The message of that key.
     *
     * @throws IllegalArgumentException naming the keys there are when there is none
     */
    public static Entry of(String key) {
        Entry e = all().get(key.strip());
        if (e == null) {
            throw new IllegalArgumentException("no generated message '" + key + "' on the class path; there are " + all().keySet()
                    + " (a schema of your own: microbenchmarks/run.sh --message FILE)");
        }
        return e;
    }

    /** The messages of every index {@code loader} sees. */
    public static Map<String, Entry> load(ClassLoader loader) {
        return load(loader, false);
    }

    /** The messages, or with {@code unions} the unions, of every index {@code loader} sees. */
    public static Map<String, Entry> load(ClassLoader loader, boolean unions) {
        Map<String, Entry> out = new LinkedHashMap<>();
        Map<String, Entry> unionsOut = new LinkedHashMap<>();
        try {
            Enumeration<URL> urls = loader.getResources(INDEX);
            for (URL url : Collections.list(urls)) {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(url.openStream(), StandardCharsets.UTF_8))) {
                    String line;
                    int n = 0;
                    while ((line = r.readLine()) != null) {
                        n++;
                        if (line.isEmpty() || line.startsWith("#")) continue;
                        String[] p = line.split("\t", -1);
                        if (p.length != 4) throw new IllegalStateException(url + ":" + n + ": expected 4 tab-separated columns, found " + p.length);
                        switch (p[0]) {
                            case "message" -> {
                                if (out.containsKey(p[1])) throw new IllegalStateException(url + ":" + n + ": message " + p[1]
                                        + " is generated twice on the class path (" + out.get(p[1]).schemaSource() + " and " + p[3] + ")");
                                out.put(p[1], new Entry(p[1], p[2], p[3], new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>()));
                            }
                            case "row", "cannot", "values" -> {
                                Entry e = out.get(p[1]);
                                if (e == null) throw new IllegalStateException(url + ":" + n + ": " + p[0] + " of unknown message " + p[1]);
                                (p[0].equals("row") ? e.codecs() : p[0].equals("cannot") ? e.cannot() : e.values()).put(p[2], p[3]);
                            }
                            case "union" -> {
                                if (unionsOut.containsKey(p[1])) throw new IllegalStateException(url + ":" + n + ": union " + p[1]
                                        + " is generated twice on the class path (" + unionsOut.get(p[1]).schemaSource() + " and " + p[3] + ")");
                                unionsOut.put(p[1], new Entry(p[1], p[2], p[3], new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>()));
                            }
                            case "unionrow", "unioncannot" -> {
                                Entry e = unionsOut.get(p[1]);
                                if (e == null) throw new IllegalStateException(url + ":" + n + ": " + p[0] + " of unknown union " + p[1]);
                                (p[0].equals("unionrow") ? e.codecs() : e.cannot()).put(p[2], p[3]);
                            }
                            default -> throw new IllegalStateException(url + ":" + n + ": unknown kind '" + p[0] + "'");
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return unions ? unionsOut : out;
    }
}
