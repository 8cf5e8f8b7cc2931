package org.wireshootout.schema;

import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/** Assertions on schema errors: that a problem names this file, line (and column) and says this. */
final class SchemaAsserts {
    private SchemaAsserts() {
    }

    static SchemaException fails(Executable read) {
        return assertThrows(SchemaException.class, read);
    }

    /** A problem at this line (and column, if above 0) whose message holds {@code fragment}; the printed form too. */
    static SchemaProblem problemAt(SchemaException e, String file, int line, int column, String fragment) {
        for (SchemaProblem p : e.problems()) {
            if (p.location().file().equals(file) && p.location().line() == line
                    && (column <= 0 || p.location().column() == column) && p.message().contains(fragment)) {
                String printed = file + ":" + line + (column > 0 ? ":" + column : "");
                if (!e.getMessage().contains(printed + ": " + p.message()) && !e.getMessage().contains(printed)) {
                    fail("the exception message does not print " + printed + ": " + e.getMessage());
                }
                return p;
            }
        }
        return fail("no problem at " + file + ":" + line + (column > 0 ? ":" + column : "") + " saying '" + fragment
                + "'; the problems are:\n" + e.getMessage());
    }

    /** Schema text from lines, so that line numbers in a test read off its source. */
    static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }
}
