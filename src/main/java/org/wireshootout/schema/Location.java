package org.wireshootout.schema;

/** Where something was written: a file, a 1-based line and a 1-based column (0 when the column is not known). */
public record Location(String file, int line, int column) {

    @Override
    public String toString() {
        return column > 0 ? file + ":" + line + ":" + column : file + ":" + line;
    }
}
