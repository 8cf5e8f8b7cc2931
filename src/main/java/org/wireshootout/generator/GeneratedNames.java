package org.wireshootout.generator;

import org.wireshootout.schema.Location;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaProblem;

import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a schema's types cannot take, because the generated Java code already means something else by them: the
 * generated classes refer to the schema's types by their simple names (the message package imported on demand), so a
 * type named as a {@code java.lang} class, as a class a generated source imports by name, or as a class a generated
 * source declares beside the schema's own (a codec's nested {@code Pojo} or {@code Tagged} classes, a
 * {@code <Message>Codec}, {@code SeededValues}) would not compile, or would compile to the wrong class. Such a type is
 * refused at its line before anything is compiled, as any other schema error.
 *
 * <p>The names are read from the sources just generated, so a library that imports or declares a new name is covered
 * without a list to keep. {@code java.lang} is the one of the running JDK: on a JDK newer than the compile target
 * ({@code --release 17}) a few more names are refused than that target needs.
 */
final class GeneratedNames {
    private GeneratedNames() {
    }

    /** {@code import a.b.C;} (not static): C. */
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+([\\w.]+)\\.(\\w+)\\s*;");
    /** A class, interface, enum or record declared at the top level or directly in a top-level class (4 spaces). */
    private static final Pattern DECLARED = Pattern.compile(
            "(?m)^( {0}| {4})(?:(?:public|private|protected|static|final|abstract|sealed)\\s+)*(?:class|interface|enum|record)\\s+(\\w+)");

    /**
     * Adds a problem for every type of {@code schema} (located at its declaration) whose name a generated source
     * imports or declares other than as that type's own class {@code messagePackage.Name}, or that names a public
     * {@code java.lang} class. {@code messageClasses} are the message package's classes as {@link MessageClassGenerator}
     * makes them (the types' own, and {@link MessageClassGenerator#VALUES}); {@code others} every other source
     * generated for the schema (class name to source), some of which land in the message package too.
     */
    static void check(Schema schema, String messagePackage, Map<String, String> messageClasses, Map<String, String> others,
                      List<SchemaProblem> problems) {
        Map<String, Location> types = new LinkedHashMap<>();
        schema.enums().forEach(t -> types.put(t.name(), t.location()));
        schema.sets().forEach(t -> types.put(t.name(), t.location()));
        schema.composites().forEach(t -> types.put(t.name(), t.location()));
        schema.messages().forEach(t -> types.put(t.name(), t.location()));
        schema.unions().forEach(t -> types.put(t.name(), t.location()));
        Map<String, String> taken = new LinkedHashMap<>();
        String values = messagePackage + "." + MessageClassGenerator.VALUES;
        if (types.containsKey(MessageClassGenerator.VALUES)) taken.put(MessageClassGenerator.VALUES, "the generated " + values + " is a class of that name");
        for (String cls : others.keySet()) {
            // a source of another generator in the message package, under a type's name, would replace the type's class
            String simple = cls.substring(cls.lastIndexOf('.') + 1);
            if (cls.equals(messagePackage + "." + simple) && types.containsKey(simple)) taken.putIfAbsent(simple, "the generated " + cls + " is a class of that name");
        }
        Map<String, String> sources = new LinkedHashMap<>(others);
        messageClasses.forEach(sources::putIfAbsent);
        for (Map.Entry<String, String> e : sources.entrySet()) {
            String cls = e.getKey();
            Matcher im = IMPORT.matcher(e.getValue());
            while (im.find()) {
                if (types.containsKey(im.group(2))) taken.putIfAbsent(im.group(2), "the generated " + cls + " imports " + im.group(1) + "." + im.group(2));
            }
            Matcher dm = DECLARED.matcher(e.getValue());
            while (dm.find()) {
                String name = dm.group(2);
                if (!types.containsKey(name)) continue;
                boolean own = dm.group(1).isEmpty() && cls.equals(messagePackage + "." + name) && messageClasses.containsKey(cls) && !cls.equals(values);
                if (!own) taken.putIfAbsent(name, "the generated " + cls + " declares a class of that name");
            }
        }
        for (Map.Entry<String, Location> t : types.entrySet()) {
            String name = t.getKey();
            String why = taken.get(name);
            if (why == null && javaLang(name)) why = "java.lang." + name + " is a class the generated code may use";
            if (why != null) problems.add(new SchemaProblem(t.getValue(), "type name '" + name + "' is taken: " + why + "; rename the type"));
        }
    }

    private static boolean javaLang(String name) {
        try {
            return Modifier.isPublic(Class.forName("java.lang." + name, false, ClassLoader.getPlatformClassLoader()).getModifiers());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
