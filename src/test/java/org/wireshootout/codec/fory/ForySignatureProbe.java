package org.wireshootout.codec.fory;

import org.apache.fory.config.CompatibleMode;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a JVM of its own by {@link ForySignatureResolutionTest}: builds one {@link ForySupport} of the mode given
 * ({@code schemaConsistent}, {@code compatible} or {@code channel}) and, before any message, prints each class that
 * Fory's {@code Serializer.read} and {@code write} name which the loader of the registered class's JIT serializer has
 * not resolved (one per line, as {@code serializer class}); exits 0 when there is none, 1 otherwise.
 */
public final class ForySignatureProbe {
    private ForySignatureProbe() {
    }

    public static void main(String[] args) throws Exception {
        org.wireshootout.process.ChildJvm.watchParentIfChild();
        ForySupport support = switch (args[0]) {
            case "schemaConsistent" -> new ForySupport("probe", CompatibleMode.SCHEMA_CONSISTENT, Data.class, Side.class);
            case "compatible" -> new ForySupport("probe", CompatibleMode.COMPATIBLE, ForyIdData.class, Side.class);
            case "channel" -> ForySupport.channel("probe", ForyIdData.class, Side.class);
            default -> throw new IllegalArgumentException("no mode " + args[0]);
        };
        Method findLoaded = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
        findLoaded.setAccessible(true);
        List<String> missing = new ArrayList<>();
        int checked = 0;
        // the classes named by the two methods a serializer implements, read(ReadContext) and
        // write(WriteContext, value), taken from Fory's Serializer: reflecting on the JIT serializer's own methods
        // would have its loader resolve them, which is what is checked here
        List<Class<?>> named = new ArrayList<>();
        for (Method m : org.apache.fory.serializer.Serializer.class.getMethods()) {
            boolean implemented = m.getName().equals("read") && m.getParameterCount() == 1
                    || m.getName().equals("write") && m.getParameterCount() == 2;
            if (!implemented) continue;
            named.addAll(List.of(m.getParameterTypes()));
            named.add(m.getReturnType());
        }
        Class<?> registered = args[0].equals("schemaConsistent") ? Data.class : ForyIdData.class;
        Class<?> serializer = support.fory.getTypeResolver().getSerializer(registered).getClass();
        ClassLoader loader = serializer.getClassLoader();
        for (Class<?> t : named) {
            while (t.isArray()) t = t.getComponentType();
            if (t.isPrimitive()) continue;
            checked++;
            if (findLoaded.invoke(loader, t.getName()) == null) missing.add(serializer.getName() + " " + t.getName());
        }
        if (checked == 0) {
            System.out.println("no class checked");
            System.exit(3);
        }
        System.out.println("checked " + checked);
        missing.forEach(System.out::println);
        System.exit(missing.isEmpty() ? 0 : 1);
    }
}
