package org.wireshootout.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.registry.Row;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The property over the mutation campaign's cases: for every registry row (both registries), a mutated message is
 * refused, or the value decoded from it re-encodes to exactly the mutated bytes ({@link WriterBytes#check}). A
 * decoder that reads bytes its writer cannot have written (a flag byte of 2, an overlong UTF-8 form, a cut text, a
 * byte after the message) breaks it, whatever the class, so a new row cannot bring such a fault back unnoticed.
 *
 * <p>A format with several legitimate encodings of one value cannot meet it, since the writer picks one; such
 * rows are listed in {@link #SEVERAL_ENCODINGS} with the reason, and the targeted tests
 * ({@link WriterCannotHaveWrittenTest}) hold them to each class instead. An entry must stay needed:
 * {@link #everyExemptionIsStillNeeded} fails when a listed row meets the property after all.
 */
class ReencodeMutationTest {
    /** Mutated cases per row: enough to reach every mutation kind on every sample many times. */
    static final long CASES = 3_000;
    static final long SEED = 20_261_125L;

    private static final String TEXT = "text with a syntax: whitespace, member order, number spellings (1.5, 15e-1)"
            + " and string escapes give many texts for one value";
    private static final String CHRONICLE = "Chronicle's readers are lenient by the library's design: a damaged value can"
            + " read as a default or be skipped (README, Hostile input), and numbers have several widths";

    /** The rows exempt from the property, with the reason their format has several encodings of one value. */
    static final Map<Row<?>, String> SEVERAL_ENCODINGS = new LinkedHashMap<>();

    static {
        for (Format f : List.of(Format.twireUTF, Format.twire8bit, Format.json8bit, Format.jackson, Format.jacksonCBytes,
                Format.jacksonCBytesRW, Format.boon, Format.snakeYaml)) SEVERAL_ENCODINGS.put(f, TEXT);
        SEVERAL_ENCODINGS.put(IexFormat.jackson, TEXT);
        for (Format f : List.of(Format.bwireFFF, Format.bwireTFF, Format.bwireFTF, Format.bwireTTF, Format.bwireFTT,
                Format.rwireUTF, Format.rwire8bit)) SEVERAL_ENCODINGS.put(f, CHRONICLE);
        SEVERAL_ENCODINGS.put(IexFormat.binaryWire, CHRONICLE);
        SEVERAL_ENCODINGS.put(Format.msgpack, "MessagePack: an integer may be written in any width that holds it, a string"
                + " in any of its length forms");
        SEVERAL_ENCODINGS.put(IexFormat.msgpack, SEVERAL_ENCODINGS.get(Format.msgpack));
        String jdk = "Java serialisation streams: class descriptors, handles and block-data framing have several forms";
        SEVERAL_ENCODINGS.put(Format.externalizable, jdk);
        SEVERAL_ENCODINGS.put(Format.externalizableCBytes, jdk);
        SEVERAL_ENCODINGS.put(Format.serializable, jdk);
        String offsets = "an offset-addressed layout: padding, unused bits, vtable or pointer placement and (Cap'n"
                + " Proto) packing runs give many byte layouts of one value";
        for (Row<?> r : List.<Row<?>>of(Format.flatbuffers, Format.capnp, Format.capnpPacked, IexFormat.flatbuffers,
                IexFormat.capnp, IexFormat.capnpPacked)) SEVERAL_ENCODINGS.put(r, offsets);
        String protobuf = "Protobuf: fields in any order, a repeated field's last value wins, varints with redundant"
                + " bytes, unknown fields skipped (the language guide, 'Encoding')";
        SEVERAL_ENCODINGS.put(Format.protobuf, protobuf);
        SEVERAL_ENCODINGS.put(IexFormat.protobuf, protobuf);
        String sbe = "SBE: a block longer than this version's is a later version's, its extra bytes skipped by design"
                + " (the extension rule); the header's version is not checked against the block";
        SEVERAL_ENCODINGS.put(Format.sbe, sbe);
        SEVERAL_ENCODINGS.put(IexFormat.sbe, sbe);
        SEVERAL_ENCODINGS.put(IexFormat.iexWire, "IEX-TP: a message longer than its type's length is a later version's,"
                + " its extra bytes skipped by design");
        String varints = "the library's varint reader ignores the unused high bits of a varint's last possible byte,"
                + " so a varint has several forms (Kryo and Avro alike)";
        for (Row<?> r : List.<Row<?>>of(Format.kryo, Format.kryoFields, Format.avro, IexFormat.kryo, IexFormat.avro)) {
            SEVERAL_ENCODINGS.put(r, varints);
        }
        SEVERAL_ENCODINGS.put(Format.kryoTagged, varints + "; and TaggedFieldSerializer reads the tagged fields in any"
                + " order, a tag twice (the last value wins) or not at all (the field keeps its default): each field is"
                + " found by its tag (Kryo README, TaggedFieldSerializer)");
        SEVERAL_ENCODINGS.put(Format.kryoCompatible, varints + "; and CompatibleFieldSerializer matches fields by the names"
                + " the message lists, in any order, a name twice or not at all (the field keeps its default), and skips"
                + " a field of a name it does not know (Kryo README, CompatibleFieldSerializer)");
        SEVERAL_ENCODINGS.put(Format.bytesMarshallableStopBit, "Chronicle's stop-bit numbers (readStopBit,"
                + " readStopBitDouble) take a value in more bytes than the writer uses and ignore the unused high bits of"
                + " the last possible byte, so a number has several forms");
        String fory = "Fory: reads any flag byte but 0 as true (labelled), and its headers and varints have several forms";
        for (Row<?> r : List.<Row<?>>of(Format.fory, Format.foryCompatible, Format.foryIds, IexFormat.fory, IexFormat.foryCompatible)) {
            SEVERAL_ENCODINGS.put(r, fory);
        }
        SEVERAL_ENCODINGS.put(Format.foryShared, fory + "; and its codec is a channel: the first message carries the type"
                + " definition and every later one a reference to it, so the value decoded from a first message is"
                + " written again as a later one");
    }

    /** Every row of both registries that carries data and is not exempt. */
    static Stream<WriterBytes.Subject<?>> oneEncodingRows() {
        return WriterBytes.allRows().filter(s -> !SEVERAL_ENCODINGS.containsKey(s.row()));
    }

    static Stream<WriterBytes.Subject<?>> exemptRows() {
        return WriterBytes.allRows().filter(s -> SEVERAL_ENCODINGS.containsKey(s.row()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oneEncodingRows")
    void aDecodedMutationReencodesToItsBytesOrIsRefused(WriterBytes.Subject<?> subject) {
        List<String> problems = run(subject, 5);
        assertEquals(List.of(), problems, subject + ": " + problems.size() + " cases (at most 5 shown)");
    }

    /** An exemption that is not needed hides a row from the property for nothing. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("exemptRows")
    void everyExemptionIsStillNeeded(WriterBytes.Subject<?> subject) {
        assertNotNull(SEVERAL_ENCODINGS.get(subject.row()));
        assertTrue(!run(subject, 1).isEmpty(), subject + " meets the property: remove it from SEVERAL_ENCODINGS");
    }

    @Test
    void everyExemptionNamesARowThatCarriesData() {
        for (Row<?> r : SEVERAL_ENCODINGS.keySet()) assertTrue(r.carriesData(), r.name());
    }

    /** Up to {@code max} cases that break the property. */
    private static <T> List<String> run(WriterBytes.Subject<T> subject, int max) {
        HeldMessage<T> codec = subject.codec();
        List<byte[]> samples = new ArrayList<>();
        for (T v : samples(subject)) {
            try {
                codec.encode(v);
                samples.add(codec.bytes());
            } catch (RuntimeException cannotCarry) {
                // a sample the row's format cannot carry (8-bit text) is left out
            }
        }
        assertTrue(!samples.isEmpty(), subject + ": no sample encodes");
        List<String> problems = new ArrayList<>();
        for (long i = 0; i < CASES && problems.size() < max; i++) {
            long seed = MutationCampaign.caseSeed(SEED, i);
            byte[] bytes = Mutator.mutate(seed, samples);
            String p = WriterBytes.check(subject.name(), codec, subject.targets().get(), bytes);
            if (p != null) problems.add("case seed " + seed + ": " + p);
        }
        return problems;
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> samples(WriterBytes.Subject<T> subject) {
        if (subject.row() instanceof Format) return (List<T>) MutationTest.samples();
        List<Object> l = new ArrayList<>(IexSamples.ordinary());
        return (List<T>) l;
    }
}
