package org.wireshootout.codec;

import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

import java.util.Map;

/**
 * Fills a {@link Data} from the map of field name to value that a library's own parser builds (Boon's lazy map,
 * SnakeYAML's safe-constructed map): exactly the six field names, each with the type it must have, or a
 * {@link DecodeException} naming the format, the field, what it must be and what was found.
 *
 * <p>Also the version 2 of the message for the rows that name fields on the wire ({@link Layout}), and its
 * tolerant reading from such a map ({@link #fill(String, Map, Evolved, Layout, int)}).
 */
public final class FieldMap {
    /** {@code DataFields.values()} copies its array on every call; this lookup runs once per key per message. */
    private static final DataFields[] FIELDS = DataFields.values();
    private FieldMap() {
    }

    /**
     * @param maxTextChars the longest text accepted (a safety limit of the format's own)
     */
    public static void fill(String format, Map<?, ?> map, Data target, int maxTextChars) {
        keyBits(format, map, false, true);
        if (map.size() != 6) throw new DecodeException(format, 0, "expected the 6 fields, found " + map.keySet());
        target.setPrice(price(format, map.get("price")));
        target.setFlag(flag(format, map.get("flag")));
        target.setText(text(format, map.get("text"), maxTextChars));
        target.setSide(isBuy(format, map.get("side")) ? Side.Buy : Side.Sell);
        target.setSmallInt(intValue(format, "smallInt", map.get("smallInt")));
        target.setLongInt(longValue(format, "longInt", map.get("longInt")));
    }

    /**
     * Reads version 2 under {@link Change#addField} from the map as version 1 is read
     * ({@link #fill(String, Map, Data, int)}: one pass naming each key, then a lookup per field with the same
     * checks of each value), plus venue, in the tolerant style of {@link #fill(String, Map, Evolved, Layout, int)}:
     * a key it does not know is skipped, a field that is absent keeps its default, a field that is there must have
     * its type (Short is not a side of this version 2). Version 1's pass refuses an unknown key; here the same pass
     * finds which fields are present, so an absent one is told from one present with a null value. The
     * straight-line reader the evolution benchmark times; the other changes use the table-driven one.
     */
    public static void fillAddField(String format, Map<?, ?> map, Evolved target, int maxTextChars) {
        int present = keyBits(format, map, true, false);
        target.price = (present & 1) != 0 ? price(format, map.get("price")) : 0;
        target.flag = (present & 1 << 1) != 0 && flag(format, map.get("flag"));
        target.text.setLength(0);
        if ((present & 1 << 2) != 0) target.text.append(text(format, map.get("text"), maxTextChars));
        target.side = (present & 1 << 3) == 0 || isBuy(format, map.get("side")) ? SideV2.Buy : SideV2.Sell;
        target.smallInt = (present & 1 << 4) != 0 ? intValue(format, "smallInt", map.get("smallInt")) : 0;
        target.longInt = (present & 1 << 5) != 0 ? longValue(format, "longInt", map.get("longInt")) : 0;
        target.venue = (present & 1 << 6) != 0 ? intValue(format, "venue", map.get("venue")) : 0;
    }

    /**
     * One pass over the map's keys: which of version 1's six fields (and venue, if {@code venue}) it has, as bits
     * ({@code 1 << ordinal} of {@link DataFields}, venue {@code 1 << 6} as in {@link Layout.Field}). A key that is
     * none of them is refused when {@code strict} (version 1), skipped otherwise (version 2).
     */
    private static int keyBits(String format, Map<?, ?> map, boolean venue, boolean strict) {
        int bits = 0;
        for (Object key : map.keySet()) {
            int i = key instanceof String ? fieldIndex((String) key, venue) : -1;
            if (i >= 0) bits |= 1 << i;
            else if (strict) throw new DecodeException(format, 0, "unknown field '" + key + "'");
        }
        return bits;
    }

    private static int fieldIndex(String key, boolean venue) {
        for (DataFields f : FIELDS) if (f.name().equals(key)) return f.ordinal();
        return venue && "venue".equals(key) ? Layout.Field.venue.ordinal() : -1;
    }

    /** Whether the side is "Buy" (true) or "Sell" (false); anything else fails. */
    private static boolean isBuy(String format, Object side) {
        if (side instanceof CharSequence && "Buy".contentEquals((CharSequence) side)) return true;
        if (side instanceof CharSequence && "Sell".contentEquals((CharSequence) side)) return false;
        throw wrongType(format, "side", "\"Buy\" or \"Sell\"", side);
    }

    private static int intValue(String format, String field, Object v) {
        if (!(v instanceof Integer)) throw wrongType(format, field, "an int", v);
        return (Integer) v;
    }

    /**
     * Reads version 2 under {@code layout} from the map the way a by-name reader evolves: a name version 2 does
     * not have is skipped, a field it has that is absent keeps its default (the target is cleared first), and a
     * field that is there must have its type.
     */
    public static void fill(String format, Map<?, ?> map, Evolved target, Layout layout, int maxTextChars) {
        target.clear();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            Layout.Field f = e.getKey() instanceof CharSequence ? layout.field((CharSequence) e.getKey()) : null;
            if (f == null) continue; // a field of another version: skipped
            Object v = e.getValue();
            switch (f) {
                case price: target.price = price(format, v); break;
                case flag: target.flag = flag(format, v); break;
                case text: target.text.setLength(0); target.text.append(text(format, v, maxTextChars)); break;
                case side: target.side = layout.side(v instanceof CharSequence ? (CharSequence) v : null, format); break;
                case smallInt: target.smallInt = layout.smallInt(longValue(format, layout.name(f), v), format); break;
                case longInt: target.longInt = longValue(format, "longInt", v); break;
                case venue: target.venue = intValue(format, "venue", v); break;
                default: throw new AssertionError(f);
            }
        }
    }

    private static double price(String format, Object price) {
        if (price instanceof Double) return (Double) price;
        if (price instanceof Integer || price instanceof Long) return ((Number) price).longValue();
        throw wrongType(format, "price", "a number", price);
    }

    private static boolean flag(String format, Object flag) {
        if (!(flag instanceof Boolean)) throw wrongType(format, "flag", "a boolean", flag);
        return (Boolean) flag;
    }

    private static CharSequence text(String format, Object text, int maxTextChars) {
        if (!(text instanceof CharSequence)) throw wrongType(format, "text", "a string", text);
        if (((CharSequence) text).length() > maxTextChars) {
            throw new DecodeException(format, -1, "text of " + ((CharSequence) text).length() + " chars exceeds the " + maxTextChars + "-char limit");
        }
        return (CharSequence) text;
    }

    private static long longValue(String format, String field, Object v) {
        if (!(v instanceof Integer || v instanceof Long)) throw wrongType(format, field, "a long", v);
        return ((Number) v).longValue();
    }

    private static DecodeException wrongType(String format, String field, String wanted, Object found) {
        return new DecodeException(format, 0, field + " must be " + wanted + ", found " + describe(found));
    }

    /** A value and its type, for error messages. */
    public static String describe(Object o) {
        return o == null ? "null" : o.getClass().getSimpleName() + " " + o;
    }

    /**
     * Version 2 of the six-field message under one {@link Change}, as the rows that name fields on the wire
     * (Jackson, MessagePack, BSON, SnakeYAML, Boon) state it: the fields it has, in the order its writer writes
     * them, the name each goes by and the width of smallInt. One table for every such row, so each library's
     * version-2 codec states the change through its own calls and nothing else.
     */
    public static final class Layout {
        /** A field version 2 may have, whatever name it goes by. */
        public enum Field { price, flag, text, side, smallInt, longInt, venue }

        /** Every field of version 2 under {@link Change#addField}, as the bits {@link #defaultMissing} takes. */
        public static final int ADD_FIELD_ALL = (1 << 7) - 1;

        private static final Field[] V1_ORDER = {Field.price, Field.flag, Field.text, Field.side, Field.smallInt, Field.longInt};

        private final Change change;
        private final Field[] order;
        private final String[] names = new String[Field.values().length];
        /** Another name smallInt is read by (version 1's tolerant reader: {@code quantity}), or null. */
        private final String smallIntAlias;
        /** Whose message this is, for error messages: "version 2" or "version 1". */
        private final String version;

        /** Version 1 read tolerantly ({@link #tolerantVersion1()}). */
        private Layout() {
            this.change = null;
            this.order = V1_ORDER;
            for (Field f : order) names[f.ordinal()] = f.name();
            this.smallIntAlias = "quantity";
            this.version = "version 1";
        }

        private Layout(Change change, boolean alias) {
            this.change = change;
            this.smallIntAlias = alias && change == Change.renameField ? "smallInt" : null;
            this.version = "version 2";
            switch (change) {
                case addField:
                    order = new Field[]{Field.price, Field.flag, Field.text, Field.side, Field.smallInt, Field.longInt, Field.venue};
                    break;
                case removeSmallInt:
                    order = new Field[]{Field.price, Field.flag, Field.text, Field.side, Field.longInt};
                    break;
                case reorderFields:
                    order = new Field[]{Field.longInt, Field.smallInt, Field.side, Field.text, Field.flag, Field.price};
                    break;
                default:
                    order = V1_ORDER;
                    break;
            }
            for (Field f : order) names[f.ordinal()] = f.name();
            if (change == Change.renameField) names[Field.smallInt.ordinal()] = "quantity";
        }

        /** Version 2 under {@code change}. */
        public static Layout of(Change change) {
            return new Layout(change, false);
        }

        /**
         * Version 2 under {@code change} as a tolerant reader of version 2 takes it: as {@link #of}, and under
         * {@link Change#renameField} its {@code quantity} also accepted under the old name {@code smallInt} (the
         * alias a renamed field keeps, as Jackson's {@code @JsonAlias} keeps it).
         */
        public static Layout tolerant(Change change) {
            return new Layout(change, true);
        }

        /**
         * Version 1's six fields as a tolerant reader of version 1 takes them: by name in any order, a name it does
         * not know skipped, a missing one at its default, smallInt also accepted under the name {@code quantity}
         * (the alias a renamed field keeps), smallInt an int32 and the side Buy or Sell only.
         */
        public static Layout tolerantVersion1() {
            return new Layout();
        }

        /** The fields version 2 has, in the order its writer writes them (do not modify). */
        public Field[] order() {
            return order;
        }

        /** The name {@code f} goes by on the wire. */
        public String name(Field f) {
            return names[f.ordinal()];
        }

        /** The field called {@code name} (or its alias), or null when this version has none: a reader skips its value. */
        public Field field(CharSequence name) {
            for (Field f : order) {
                if (names[f.ordinal()].contentEquals(name)) return f;
            }
            return smallIntAlias != null && smallIntAlias.contentEquals(name) ? Field.smallInt : null;
        }

        /** The other name smallInt is read by, or null when it has only {@link #name}. */
        public String smallIntAlias() {
            return smallIntAlias;
        }

        /** Whether smallInt is an int64 in version 2 (only under {@link Change#widenSmallInt}). */
        public boolean wideSmallInt() {
            return change == Change.widenSmallInt;
        }

        /** The side called {@code name}: version 2 knows Short only under {@link Change#newSideValue}, version 1 never. */
        public SideV2 side(CharSequence name, String format) {
            for (SideV2 s : SideV2.values()) {
                if (name != null && s.name().contentEquals(name) && (s != SideV2.Short || change == Change.newSideValue)) return s;
            }
            throw new DecodeException(format, -1, "side must be one of " + version + "'s sides, found " + describe(name));
        }

        /**
         * The value of {@code f} in {@code v} as a map of field name to value holds it (what a library that writes
         * a map of Java objects is given): smallInt an Integer unless version 2 widened it, the side its name.
         */
        public Object boxed(Field f, Evolved v) {
            switch (f) {
                case price: return v.price;
                case flag: return v.flag;
                case text: return v.text.toString();
                case side: return v.side.name();
                case smallInt: return wideSmallInt() ? (Object) v.smallInt : (Object) Math.toIntExact(v.smallInt);
                case longInt: return v.longInt;
                case venue: return v.venue;
                default: throw new AssertionError(f);
            }
        }

        /**
         * For a reader that notes the fields it read as bits ({@code 1 << Field.ordinal()}) rather than clearing
         * the target first, as version 1's strict readers note them to refuse a missing one: each field whose bit
         * is not in {@code seen} takes its default, as {@link Evolved#clear()} sets it.
         */
        public static void defaultMissing(Evolved target, int seen) {
            if ((seen & 1) == 0) target.price = 0;
            if ((seen & 1 << 1) == 0) target.flag = false;
            if ((seen & 1 << 2) == 0) target.text.setLength(0);
            if ((seen & 1 << 3) == 0) target.side = SideV2.Buy;
            if ((seen & 1 << 4) == 0) target.smallInt = 0;
            if ((seen & 1 << 5) == 0) target.longInt = 0;
            if ((seen & 1 << 6) == 0) target.venue = 0;
        }

        /** {@code v} as smallInt, which must fit an int32 unless version 2 widened it. */
        public long smallInt(long v, String format) {
            if (!wideSmallInt() && (int) v != v) {
                throw new DecodeException(format, -1, name(Field.smallInt) + " " + v + " does not fit " + version + "'s int32");
            }
            return v;
        }
    }
}
