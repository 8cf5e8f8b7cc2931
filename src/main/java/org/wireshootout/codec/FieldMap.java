package org.wireshootout.codec;

import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.util.Map;

/**
 * Fills a {@link Data} from the map of field name to value that a library's own parser builds (Boon's lazy map,
 * SnakeYAML's safe-constructed map): exactly the six field names, each with the type it must have, or a
 * {@link DecodeException} naming the format, the field, what it must be and what was found.
 */
public final class FieldMap {
    private FieldMap() {
    }

    /**
     * @param maxTextChars the longest text accepted (a safety limit of the format's own)
     */
    public static void fill(String format, Map<?, ?> map, Data target, int maxTextChars) {
        for (Object key : map.keySet()) {
            if (!(key instanceof String) || !isField((String) key)) throw new DecodeException(format, 0, "unknown field '" + key + "'");
        }
        if (map.size() != 6) throw new DecodeException(format, 0, "expected the 6 fields, found " + map.keySet());
        Object price = map.get("price");
        if (price instanceof Double) target.setPrice((Double) price);
        else if (price instanceof Integer || price instanceof Long) target.setPrice(((Number) price).longValue());
        else throw wrongType(format, "price", "a number", price);
        Object flag = map.get("flag");
        if (!(flag instanceof Boolean)) throw wrongType(format, "flag", "a boolean", flag);
        target.setFlag((Boolean) flag);
        Object text = map.get("text");
        if (!(text instanceof CharSequence)) throw wrongType(format, "text", "a string", text);
        if (((CharSequence) text).length() > maxTextChars) {
            throw new DecodeException(format, -1, "text of " + ((CharSequence) text).length() + " chars exceeds the " + maxTextChars + "-char limit");
        }
        target.setText((CharSequence) text);
        Object side = map.get("side");
        if (side instanceof CharSequence && "Buy".contentEquals((CharSequence) side)) target.setSide(Side.Buy);
        else if (side instanceof CharSequence && "Sell".contentEquals((CharSequence) side)) target.setSide(Side.Sell);
        else throw wrongType(format, "side", "\"Buy\" or \"Sell\"", side);
        Object smallInt = map.get("smallInt");
        if (!(smallInt instanceof Integer)) throw wrongType(format, "smallInt", "an int", smallInt);
        target.setSmallInt((Integer) smallInt);
        Object longInt = map.get("longInt");
        if (!(longInt instanceof Integer || longInt instanceof Long)) throw wrongType(format, "longInt", "a long", longInt);
        target.setLongInt(((Number) longInt).longValue());
    }

    private static boolean isField(String key) {
        for (DataFields f : DataFields.values()) if (f.name().equals(key)) return true;
        return false;
    }

    private static DecodeException wrongType(String format, String field, String wanted, Object found) {
        return new DecodeException(format, 0, field + " must be " + wanted + ", found " + describe(found));
    }

    /** A value and its type, for error messages. */
    public static String describe(Object o) {
        return o == null ? "null" : o.getClass().getSimpleName() + " " + o;
    }
}
