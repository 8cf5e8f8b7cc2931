package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.util.List;

/**
 * The {@code kryo} IEX row: Kryo 5 with a {@link Serializer} for {@link IexMessage} that writes the type byte and
 * then the type's fields in wire order with Kryo's primitives, and reads them back into the reused target (as the
 * six-field {@link KryoCodec} does; settings, and how the caller's buffer is used, in {@link KryoSupport}).
 *
 * <p>Field forms: the timestamp and the packed symbol as {@code writeLong} (8 bytes; a nanosecond timestamp would
 * take 9 as a varint), the packed reason as {@code writeInt} (4), the one-byte fields (flags, chars, tier,
 * extension number) as {@code writeByte}, the unsigned counts and sizes as positive varints, prices and trade ids
 * as zigzag varints ({@code writeVarLong(v, false)}, Kryo's default for a long field). A value outside its IEX
 * range is refused by the model's setter, which the codec reports as a decode error.
 */
public final class IexKryoCodec implements BufferCodec<IexMessage> {
    private final KryoSupport kryo;
    private final MessageSerializer serializer = new MessageSerializer();

    public IexKryoCodec(String name) {
        this.kryo = new KryoSupport(name);
        kryo.kryo.register(IexMessage.class, serializer, KryoSupport.FIRST_ID);
    }

    @Override
    public int encode(IexMessage value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage target) {
        serializer.target = target;
        kryo.read(IexMessage.class, src, offset, length);
    }

    /** How a field is written. */
    private enum Form { FIXED64, FIXED32, BYTE, UNSIGNED, SIGNED }

    private static final Form[] FORMS = new Form[IexField.values().length];

    static {
        for (IexField f : IexField.values()) {
            Form form;
            switch (f) {
                case timestamp: case symbol: form = Form.FIXED64; break;
                case reason: form = Form.FIXED32; break;
                case messageType: case flags: case code: case luldTier: case detail: case imbalanceSide:
                case extensionNumber:
                    form = Form.BYTE; break;
                case roundLotSize: case size: case bidSize: case askSize: case pairedShares: case imbalanceShares:
                case scheduledAuctionTime:
                    form = Form.UNSIGNED; break;
                default: form = Form.SIGNED;
            }
            FORMS[f.ordinal()] = form;
        }
    }

    static final class MessageSerializer extends Serializer<IexMessage> {
        IexMessage target;

        @Override
        public void write(Kryo kryo, Output out, IexMessage m) {
            IexMessageType type = m.type();
            out.writeByte(type.code());
            List<IexField> fields = type.fields();
            for (int i = 1, n = fields.size(); i < n; i++) { // field 0 is the type, written above
                IexField f = fields.get(i);
                long v = m.get(f);
                switch (FORMS[f.ordinal()]) {
                    case FIXED64: out.writeLong(v); break;
                    case FIXED32: out.writeInt((int) v); break;
                    case BYTE: out.writeByte((int) v); break;
                    case UNSIGNED: out.writeVarLong(v, true); break;
                    default: out.writeVarLong(v, false);
                }
            }
        }

        @Override
        public IexMessage read(Kryo kryo, Input in, Class<? extends IexMessage> cls) {
            IexMessage m = target;
            int code = in.readByte() & 0xFF;
            IexMessageType type = IexMessageType.of(code);
            if (type == null) throw new KryoException("no IEX message type 0x" + Integer.toHexString(code));
            m.setType(type);
            List<IexField> fields = type.fields();
            try {
                for (int i = 1, n = fields.size(); i < n; i++) {
                    IexField f = fields.get(i);
                    long v;
                    switch (FORMS[f.ordinal()]) {
                        case FIXED64: v = in.readLong(); break;
                        case FIXED32: v = in.readInt(); break;
                        case BYTE: v = in.readByte() & 0xFF; break;
                        case UNSIGNED: v = in.readVarLong(true); break;
                        default: v = in.readVarLong(false);
                    }
                    m.set(f, v);
                }
            } catch (IllegalArgumentException e) { // the model's range checks
                throw new KryoException(e.getMessage(), e);
            }
            return m;
        }
    }
}
