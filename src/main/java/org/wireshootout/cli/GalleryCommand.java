package org.wireshootout.cli;

import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.RoundTrip;
import org.wireshootout.model.Data;
import org.wireshootout.report.HexDump;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** Shows what every format puts on the wire for the canonical message, and writes each encoding to a file. */
@Command(name = "gallery", mixinStandardHelpOptions = true,
        description = "Print every format's encoding of the canonical message (sizes, hex dump, readable form) "
                + "and write each to <out>/<format>.bin exactly as the library produced it.")
public final class GalleryCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FORMAT", description = "Formats to show (default: all).")
    List<String> formats = new ArrayList<>();

    @Option(names = "--out", description = "Directory for the .bin files (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "gallery");

    @Override
    public Integer call() throws IOException {
        String missing = Main.missingFlags("gallery");
        if (missing != null) {
            System.err.println(missing);
            return Main.FLAGS_MISSING;
        }
        List<Format> chosen = new ArrayList<>();
        if (formats.isEmpty()) chosen.addAll(Arrays.asList(Format.values()));
        else {
            for (String f : formats) {
                try {
                    chosen.add(Format.byName(f));
                } catch (IllegalArgumentException e) {
                    System.err.println("gallery: " + e.getMessage());
                    return 2;
                }
            }
        }
        Files.createDirectories(out);
        PrintStream o = System.out;
        o.println("Canonical message: " + Data.canonical());
        o.println("Sizes: 'payload' is the message as the format defines it; 'framed' adds the framing the format");
        o.println("writes around it (Chronicle's 4-byte document header). The .bin files hold the framed bytes.");
        o.println();
        for (Format f : chosen) {
            if (!f.carriesData()) continue;
            RoundTrip.verify(f.name(), f.held(), Data.canonical());
            // the first message of a codec of its own: a channel row's (foryShared) later messages refer to a type
            // definition that only its first carries, so only the first stands alone in a file
            HeldMessage<Data> codec = f.held();
            codec.encode(Data.canonical());
            byte[] bytes = codec.bytes();
            int header = codec.headerLength();
            Labels l = f.labels();
            // the reference rows' library label is "(reference)": no second pair of brackets around it
            String library = l.library.startsWith("(") ? l.library : "(" + l.library + ")";
            o.printf("== %s: %s %s%n", f.name(), l.displayName, library);
            if (header > 0) {
                o.printf("   payload %d bytes + %d-byte header = %d bytes framed%n", bytes.length - header, header, bytes.length);
            } else {
                o.printf("   payload %d bytes (no framing)%n", bytes.length);
            }
            o.print(HexDump.of(bytes));
            String readable = codec.render();
            if (readable != null) {
                o.println("   readable:");
                for (String line : readable.split("\n")) o.println("   | " + line);
            }
            Path file = out.resolve(f.name() + ".bin");
            Files.write(file, bytes);
            o.println("   written to " + file);
            o.println();
        }
        return 0;
    }
}
