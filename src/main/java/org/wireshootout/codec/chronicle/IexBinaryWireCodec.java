package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.BinaryWire;
import net.openhft.chronicle.wire.ReadMarshallable;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.ValueOut;
import net.openhft.chronicle.wire.WireIn;
import net.openhft.chronicle.wire.WireOut;
import net.openhft.chronicle.wire.WriteMarshallable;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexNamedFields;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

/**
 * The {@code binaryWire} IEX row: each message one Chronicle Wire document in {@link BinaryWire} ("binary
 * YAML": self-describing, field names written out, each value with a type code, numbers in the smallest form
 * that holds them; no compression), written and read through Chronicle's {@code writeDocument} /
 * {@code rawReadData} with a hand-written marshallable. The fields are the type's, named and valued as
 * {@link IexNamedFields} says: {@code messageType} and the one-letter fields as one-char text, the symbol and
 * reason as text, the rest as integers.
 *
 * <p>Reading looks each field up by name with {@code read(key)}, Chronicle's documented way, which finds a
 * field out of order too. Chronicle is lenient about a named field that is absent: it reads as a default (0,
 * empty text). So this row refuses a message with no known {@code messageType}, and a document with bytes
 * left after the type's fields, but, like Chronicle itself, not a missing field in the middle.
 *
 * <p>One wire over the codec's one {@code Bytes} for the codec's life, whatever buffer the {@code Bytes} is pointed
 * at. Encode resets with {@code wire.clear()}, which resets the wire's reader and writer state as well as the
 * bytes. Text is read into a reused {@code StringBuilder}; nothing is allocated per message.
 */
public final class IexBinaryWireCodec extends IexDocumentCodec {
    private final BinaryWire wire = new BinaryWire(bytes, false, false, false, Integer.MAX_VALUE, "binary");
    private final Writer writer = new Writer();
    private final Reader reader = new Reader();

    public IexBinaryWireCodec(String name) {
        super(name);
    }

    @Override
    protected void writeDocument(IexMessage value, MutableDirectBuffer dst, int offset) {
        caller.target(dst, offset);
        wire.clear();
        wire.writeDocument(false, writer.on(value));
    }

    @Override
    protected void readDocument(IexMessage target, int payloadLength) {
        // a decode that threw part-way may have left the value reader mid-document
        wire.getValueIn().resetState();
        wire.rawReadData(reader.into(target));
        if (bytes.readRemaining() != 0) {
            throw new DecodeException(name, bytes.readPosition(), bytes.readRemaining() + " bytes left after the "
                    + target.type().displayName() + " fields");
        }
    }

    private static final class Writer implements WriteMarshallable {
        private IexMessage m;

        Writer on(IexMessage message) {
            m = message;
            return this;
        }

        @Override
        public void writeMarshallable(WireOut w) {
            IexMessage m = this.m;
            for (IexField f : IexNamedFields.fields(m.type())) {
                ValueOut v = w.write(f.name());
                switch (IexNamedFields.kind(f)) {
                    case TYPE:
                    case CHAR:
                        v.character((char) m.get(f));
                        break;
                    case SYMBOL:
                        v.text(m.symbol());
                        break;
                    case REASON:
                        v.text(m.reason());
                        break;
                    default:
                        v.int64(m.get(f));
                }
            }
        }
    }

    private final class Reader implements ReadMarshallable {
        private final StringBuilder text = new StringBuilder(16);
        private IexMessage m;

        Reader into(IexMessage target) {
            m = target;
            return this;
        }

        @Override
        public void readMarshallable(WireIn w) {
            IexMessage m = this.m;
            char code = w.read(IexField.messageType.name()).character();
            IexMessageType type = IexMessageType.of(code);
            if (type == null) throw new DecodeException(name, bytes.readPosition(), "messageType '" + code + "' is no IEX message type");
            m.setType(type);
            IexField[] fields = IexNamedFields.fields(type);
            for (int i = 1; i < fields.length; i++) { // fields[0] is messageType
                IexField f = fields[i];
                ValueIn v = w.read(f.name());
                switch (IexNamedFields.kind(f)) {
                    case CHAR:
                        m.set(f, v.character());
                        break;
                    case SYMBOL:
                        v.text(text);
                        m.setSymbolBits(IexNamedFields.pack(text, 8));
                        break;
                    case REASON:
                        v.text(text);
                        m.setReasonBits((int) IexNamedFields.pack(text, 4));
                        break;
                    default:
                        m.set(f, v.int64());
                }
            }
        }
    }
}
