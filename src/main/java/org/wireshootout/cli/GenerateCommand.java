package org.wireshootout.cli;

import org.wireshootout.iex.CaptureWriter;
import org.wireshootout.iex.DeepGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Writes a seeded synthetic DEEP 1.0 capture. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Write a synthetic DEEP 1.0 trading day as a capture file (classic pcap unless --pcapng; "
                + "gzipped when the name ends in .gz or with --gzip). The same options always give the same bytes.")
public final class GenerateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "OUT", description = "The capture file to write.")
    Path out;

    @Option(names = "--count", description = "Messages (default: ${DEFAULT-VALUE}).")
    int count = DeepGenerator.DEFAULT_MESSAGES;

    @Option(names = "--seed", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed = DeepGenerator.DEFAULT_SEED;

    @Option(names = "--symbols", description = "Number of symbols (default: ${DEFAULT-VALUE}).")
    int symbols = DeepGenerator.DEFAULT_SYMBOLS;

    @Option(names = "--gzip", description = "Gzip the capture (also implied by a name ending in .gz).")
    boolean gzip;

    @Option(names = "--pcapng", description = "Write pcapng instead of classic pcap.")
    boolean pcapng;

    @Option(names = "--big-endian", description = "Write the capture headers big-endian.")
    boolean bigEndian;

    @Option(names = "--nanos", description = "Nanosecond capture timestamps.")
    boolean nanos;

    @Option(names = "--vlan", description = "Tag every frame with this 802.1Q VLAN id.")
    int vlan = -1;

    @Override
    public Integer call() throws IOException {
        boolean compress = gzip || out.getFileName().toString().endsWith(".gz");
        CaptureWriter.Options options = new CaptureWriter.Options()
                .container(pcapng ? CaptureWriter.Container.PCAPNG : CaptureWriter.Container.PCAP)
                .bigEndian(bigEndian).nanos(nanos).gzip(compress).vlan(vlan);
        DeepGenerator generator = new DeepGenerator(seed, count, symbols);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        generator.write(out, options);
        long heartbeats = generator.segments().stream().filter(s -> s.messageCount() == 0).count();
        System.out.printf("%s: %,d DEEP 1.0 messages, %,d symbols, %,d packets (%,d heartbeats), seed %d, %s, %,d bytes%n",
                out, generator.messages().size(), symbols, generator.segments().size(), heartbeats, seed, options,
                Files.size(out));
        return 0;
    }
}
