package org.wireshootout.codec.jdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;

/** Reads one object from a serialisation stream; {@link DefaultObjectReader} is the one every JDK-serialisation row uses. */
public interface ObjectReader {
    Object read(InputStream in, ObjectInputFilter filter) throws IOException, ClassNotFoundException;
}
