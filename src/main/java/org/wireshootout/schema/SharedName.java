package org.wireshootout.schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A name two fields of one record would both be given by some generated code: {@code later} (in the record's order)
 * is given {@code name}, which {@code earlier} was given first. The project's message class ({@link SchemaResolver}
 * refuses such a field at its line) and each library's own code generator (whose row cannot carry such a record)
 * declare names of their own beside a field's accessor; each says which, and this finds where two fields meet.
 */
public record SharedName(String name, Field earlier, Field later) {

    /**
     * For each field that is given a name an earlier field was given, the first such name, in the record's order;
     * empty when every name is given once.
     *
     * @param declared the names some generated code declares for a field
     */
    public static List<SharedName> all(List<Field> fields, Function<Field, List<String>> declared) {
        List<SharedName> found = new ArrayList<>();
        Map<String, Field> taken = new HashMap<>();
        for (Field f : fields) {
            for (String name : declared.apply(f)) {
                Field other = taken.putIfAbsent(name, f);
                if (other != null && other != f) {
                    found.add(new SharedName(name, other, f));
                    break;
                }
            }
        }
        return found;
    }
}
