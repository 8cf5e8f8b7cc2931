package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.Change;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The class loader of one version 2: it defines version-2 classes under their version-1 names, which is what a
 * peer running version 2 has. Java serialisation puts the class name (and serialVersionUID) in the stream and
 * resolves it by name, so a version-2 class compiled under another name in this project must carry the version-1
 * name at run time: its class file is read from the parent and each renamed class's name is rewritten in the
 * constant pool (the only place a class file names classes) before it is defined here. A class may also be defined
 * here under its own name ({@link DefaultObjectReader}, so that the stream's default class lookup finds this loader).
 * Every other class comes from the parent.
 *
 * <p>Classes loaded here ask {@link #changeOf} which version 2 they are: one class serves every change, as
 * one build of the class would per release.
 */
public final class VersionLoader extends ClassLoader {
    private final Change change;
    /** Internal names (a/b/C): the version-2 source class -> the version-1 name it takes here. */
    private final Map<String, String> renames;
    /** The version-1 binary names defined here (not from the parent) -> their version-2 source class. */
    private final Map<String, String> defined;

    /**
     * @param renames version-2 class -> version-1 class, rewritten wherever any class defined here names them
     * @param definedHere the version-1 classes this loader defines (from the sources {@code renames} maps to them);
     *                    a renamed class not listed resolves to the parent's version-1 class
     */
    VersionLoader(ClassLoader parent, Change change, Map<Class<?>, Class<?>> renames, Set<Class<?>> definedHere) {
        super("evolution-" + change, parent);
        this.change = change;
        this.renames = new java.util.HashMap<>();
        this.defined = new java.util.HashMap<>();
        renames.forEach((v2, v1) -> {
            this.renames.put(internal(v2), internal(v1));
            if (definedHere.contains(v1)) defined.put(v1.getName(), v2.getName());
        });
    }

    /** The change the loader of {@code c} is version 2 for: how a version-2 class defined here learns which it is. */
    public static Change changeOf(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        if (!(l instanceof VersionLoader)) throw new IllegalStateException(c.getName() + " was not loaded as a version 2");
        return ((VersionLoader) l).change;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        String source = defined.get(name);
        if (source == null) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] b = rename(classFile(source));
                c = defineClass(name, b, 0, b.length);
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    private byte[] classFile(String binaryName) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(binaryName.replace('.', '/') + ".class")) {
            if (in == null) throw new ClassNotFoundException(binaryName);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Copies the class file, rewriting every CONSTANT_Utf8 that is a renamed class's internal name or holds it
     * in a descriptor or signature ({@code La/b/C;}). Entries are length-prefixed and referred to by index, so
     * their lengths may change; everything after the constant pool is copied as it is.
     */
    private byte[] rename(byte[] classFile) {
        try {
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(classFile.length + 64);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(in.readInt()); // magic
            out.writeInt(in.readInt()); // minor, major
            int count = in.readUnsignedShort();
            out.writeShort(count);
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                out.writeByte(tag);
                switch (tag) {
                    case 1: { // Utf8: modified UTF-8; class names are ASCII, so Latin-1 maps bytes to chars one to one
                        byte[] s = new byte[in.readUnsignedShort()];
                        in.readFully(s);
                        byte[] r = renamed(new String(s, StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1);
                        out.writeShort(r.length);
                        out.write(r);
                        break;
                    }
                    case 7: case 8: case 16: case 19: case 20: copy(in, out, 2); break;
                    case 15: copy(in, out, 3); break;
                    case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: copy(in, out, 4); break;
                    case 5: case 6: copy(in, out, 8); i++; break; // long and double take two slots
                    default: throw new IllegalStateException("constant pool tag " + tag);
                }
            }
            in.transferTo(out);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String renamed(String utf8) {
        String whole = renames.get(utf8);
        if (whole != null) return whole;
        for (Map.Entry<String, String> r : renames.entrySet()) {
            utf8 = utf8.replace('L' + r.getKey() + ';', 'L' + r.getValue() + ';');
        }
        return utf8;
    }

    private static void copy(DataInputStream in, DataOutputStream out, int n) throws IOException {
        for (int i = 0; i < n; i++) out.writeByte(in.readUnsignedByte());
    }

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }
}
