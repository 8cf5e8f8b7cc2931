package org.wireshootout;

/**
 * The JVM flags the libraries need on Java 17+, in one place: the benchmark forks get them through
 * {@code @Fork(jvmArgsAppend = ...)}, the tests through Surefire's argLine, and the shaded jar's manifest
 * and the launcher jar {@code target/wire-shootout.jar} carry the same opens and exports for {@code java -jar}.
 *
 * <ul>
 *   <li>Chronicle: reflective access to {@code java.lang.reflect} and friends for its marshalling, and the
 *       internal buffer cleaner ({@code jdk.internal.ref}, {@code sun.nio.ch}).</li>
 *   <li>Agrona 2.x (SBE): {@code jdk.internal.misc.Unsafe}.</li>
 *   <li>Boon: its fast string path casts {@code byte[]} to {@code char[]} on JDK 9+; it is switched off.</li>
 * </ul>
 */
public final class JvmFlags {
    private JvmFlags() {
    }

    public static final String OPEN_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    public static final String OPEN_REFLECT = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";
    public static final String OPEN_IO = "--add-opens=java.base/java.io=ALL-UNNAMED";
    public static final String OPEN_UTIL = "--add-opens=java.base/java.util=ALL-UNNAMED";
    public static final String OPEN_NIO = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    public static final String EXPORT_REF = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED";
    public static final String EXPORT_NIO_CH = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
    public static final String EXPORT_MISC = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    public static final String EXPORT_UTIL = "--add-exports=java.base/jdk.internal.util=ALL-UNNAMED";
    /** Chronicle loads native code (jffi); JDK 22+ warns about it without this flag, JDK 17 accepts it silently. */
    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    public static final String BOON_NO_FAST_STRINGS = "-Dorg.boon.faststringutils.disable=true";
    /** A fixed heap so that GC behaviour does not vary with the machine's memory. */
    public static final String HEAP_MIN = "-Xms1g";
    public static final String HEAP_MAX = "-Xmx1g";

    /** The same list, for code that starts a JVM (the replay's JVM per format), for the launcher jar's manifest
     *  ({@code org.wireshootout.cli.LauncherJar}) and for the CLI's message when they are missing. */
    public static final String[] ALL = {
            OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL, OPEN_NIO, EXPORT_REF, EXPORT_NIO_CH, EXPORT_MISC, EXPORT_UTIL,
            NATIVE_ACCESS, BOON_NO_FAST_STRINGS
    };

    /** Prints {@link #ALL}, one per line: for a script that starts a JVM on the class path ({@code run.sh --message}). */
    public static void main(String[] args) {
        for (String f : ALL) System.out.println(f);
    }
}
