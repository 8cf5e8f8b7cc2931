package org.wireshootout.schema;

import java.util.List;
import java.util.stream.Collectors;

/** A schema that cannot be used: every problem found, each naming file, line and (where known) column. */
public final class SchemaException extends Exception {
    private final List<SchemaProblem> problems;

    public SchemaException(List<SchemaProblem> problems) {
        super(problems.stream().map(SchemaProblem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) throw new IllegalArgumentException("a schema error needs at least one problem");
        this.problems = List.copyOf(problems);
    }

    public SchemaException(Location where, String message) {
        this(List.of(new SchemaProblem(where, message)));
    }

    public List<SchemaProblem> problems() { return problems; }
}
