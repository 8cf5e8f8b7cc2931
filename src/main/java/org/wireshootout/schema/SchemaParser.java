package org.wireshootout.schema;

import org.wireshootout.schema.SchemaDraft.BlockDraft;
import org.wireshootout.schema.SchemaDraft.EnumDraft;
import org.wireshootout.schema.SchemaDraft.FieldDraft;
import org.wireshootout.schema.SchemaDraft.NameRef;
import org.wireshootout.schema.SchemaDraft.SetDraft;
import org.wireshootout.schema.SchemaDraft.TypeRef;
import org.wireshootout.schema.SchemaDraft.UnionDraft;
import org.wireshootout.schema.SchemaDraft.ValueDraft;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the project's schema language (docs/schema.md): line-oriented, one declaration or member per line,
 * {@code #} comments. Every syntax error names file, line and column; a line in error is skipped and reading
 * goes on, so that one run reports them all. The names and rules are then checked by {@link SchemaResolver}.
 */
public final class SchemaParser {
    private static final Set<String> TOP_KEYWORDS = Set.of("schema", "enum", "set", "composite", "message", "union");

    private enum Kind { IDENT, INT, CHAR, SYMBOL, END }

    private record Token(Kind kind, String text, long value, int column) {
        String show() {
            return kind == Kind.END ? "end of line" : "'" + text + "'";
        }
    }

    /** A syntax error on the current line: the line is skipped. */
    private static final class LineError extends Exception {
        final int column;

        LineError(int column, String message) {
            super(message, null, false, false);
            this.column = column;
        }
    }

    private final SchemaDraft draft;
    private final List<SchemaProblem> problems = new ArrayList<>();
    private List<Token> tokens;
    private int pos;
    private int lineNo;

    /** The block being read: its kind keyword, where it opened, and what it has gathered so far. */
    private String blockKind;
    private Location blockAt;
    private String blockName;
    private String blockEncoding;
    private Long blockId;
    private long nextValue;
    private List<ValueDraft> values;
    private List<FieldDraft> fields;
    private List<NameRef> members;
    private Location schemaAt;

    private SchemaParser(String source) {
        this.draft = new SchemaDraft(source);
    }

    /** Reads and checks a schema file (UTF-8). */
    public static Schema parse(Path file) throws IOException, SchemaException {
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new SchemaException(new Location(file.toString(), 1, 0), "the file is not valid UTF-8");
        }
        return parse(file.toString(), text);
    }

    /** Reads and checks schema text; {@code source} is the name errors give it. */
    public static Schema parse(String source, String text) throws SchemaException {
        return SchemaResolver.resolve(draft(source, text));
    }

    /** Reads schema text into a draft, without checking names and rules; syntax errors are thrown. */
    public static SchemaDraft draft(String source, String text) throws SchemaException {
        SchemaParser p = new SchemaParser(source);
        p.read(text);
        if (!p.problems.isEmpty()) throw new SchemaException(p.problems);
        return p.draft;
    }

    private Location at(int column) {
        return draft.at(lineNo, column);
    }

    private void read(String text) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            lineNo = i + 1;
            try {
                tokens = tokenize(lines[i]);
                pos = 0;
                if (peek().kind() == Kind.END) continue;
                if (blockKind == null) topLevel();
                else member();
            } catch (LineError e) {
                problems.add(new SchemaProblem(at(e.column), e.getMessage()));
            }
        }
        if (blockKind != null) {
            problems.add(new SchemaProblem(blockAt, blockKind + " " + blockName + " is not closed: '}' missing before the end of the file"));
        }
    }

    // ---- tokens

    private List<Token> tokenize(String line) throws LineError {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            int col = i + 1;
            if (c == '#') break;
            if (c == ' ' || c == '\t') {
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int s = i;
                while (i < n && (Character.isLetterOrDigit(line.charAt(i)) || line.charAt(i) == '_')) i++;
                String word = line.substring(s, i);
                for (int k = 0; k < word.length(); k++) {
                    if (word.charAt(k) > 127) throw new LineError(s + k + 1, "names are ASCII letters, digits and '_'; found '" + word.charAt(k) + "'");
                }
                out.add(new Token(Kind.IDENT, word, 0, col));
            } else if (Character.isDigit(c) || (c == '-' && i + 1 < n && Character.isDigit(line.charAt(i + 1)))) {
                int s = i;
                i++;
                while (i < n && Character.isLetterOrDigit(line.charAt(i))) i++;
                String num = line.substring(s, i);
                long v;
                try {
                    v = num.startsWith("0x") || num.startsWith("0X") ? Long.parseLong(num.substring(2), 16) : Long.parseLong(num);
                } catch (NumberFormatException e) {
                    throw new LineError(col, "'" + num + "' is not a number (or does not fit 64 bits)");
                }
                out.add(new Token(Kind.INT, num, v, col));
            } else if (c == '\'') {
                if (i + 2 >= n || line.charAt(i + 2) != '\'') throw new LineError(col, "a character literal is one character in quotes, e.g. 'B'");
                char ch = line.charAt(i + 1);
                if (ch > 127) throw new LineError(col, "a character literal is ASCII; found '" + ch + "'");
                out.add(new Token(Kind.CHAR, line.substring(i, i + 3), ch, col));
                i += 3;
            } else if ("{}()[]:=,".indexOf(c) >= 0) {
                out.add(new Token(Kind.SYMBOL, String.valueOf(c), 0, col));
                i++;
            } else {
                throw new LineError(col, "unexpected character '" + c + "'");
            }
        }
        out.add(new Token(Kind.END, "", 0, n + 1));
        return out;
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        Token t = tokens.get(pos);
        if (t.kind() != Kind.END) pos++;
        return t;
    }

    private boolean isSymbol(String s) {
        Token t = peek();
        return t.kind() == Kind.SYMBOL && t.text().equals(s);
    }

    private Token expectSymbol(String s, String what) throws LineError {
        Token t = next();
        if (t.kind() != Kind.SYMBOL || !t.text().equals(s)) throw new LineError(t.column(), "expected '" + s + "' " + what + ", found " + t.show());
        return t;
    }

    private Token expectName(String what) throws LineError {
        Token t = next();
        if (t.kind() != Kind.IDENT) throw new LineError(t.column(), "expected " + what + ", found " + t.show());
        return t;
    }

    /** An integer or a character literal (its ASCII code). */
    private Token expectNumber(String what) throws LineError {
        Token t = next();
        if (t.kind() != Kind.INT && t.kind() != Kind.CHAR) throw new LineError(t.column(), "expected " + what + ", found " + t.show());
        return t;
    }

    private void expectEnd() throws LineError {
        Token t = peek();
        if (t.kind() != Kind.END) throw new LineError(t.column(), "unexpected " + t.show() + " at the end of the line");
    }

    // ---- top level

    private void topLevel() throws LineError {
        Token kw = next();
        if (kw.kind() == Kind.SYMBOL && kw.text().equals("}")) throw new LineError(kw.column(), "'}' closes no block");
        if (kw.kind() != Kind.IDENT || !TOP_KEYWORDS.contains(kw.text())) {
            throw new LineError(kw.column(), "expected schema, enum, set, composite, message or union, found " + kw.show());
        }
        Token name = expectName("a name after '" + kw.text() + "'");
        Location where = at(kw.column());
        switch (kw.text()) {
            case "schema" -> {
                expectEnd();
                if (schemaAt != null) throw new LineError(kw.column(), "the schema is named twice (first at line " + schemaAt.line() + ")");
                schemaAt = where;
                draft.name(name.text(), where);
                return;
            }
            case "enum", "set" -> {
                String encoding = null;
                if (isSymbol(":")) {
                    next();
                    encoding = expectName("an integer encoding such as u8").text();
                }
                blockEncoding = encoding;
                nextValue = 0;
                values = new ArrayList<>();
            }
            case "composite" -> fields = new ArrayList<>();
            case "message" -> {
                blockId = null;
                if (peek().kind() == Kind.IDENT && peek().text().equals("id")) {
                    next();
                    blockId = expectNumber("the message id (a number or a character such as 'T')").value();
                }
                fields = new ArrayList<>();
            }
            case "union" -> members = new ArrayList<>();
            default -> throw new IllegalStateException(kw.text());
        }
        expectSymbol("{", "to open " + kw.text() + " " + name.text());
        expectEnd();
        blockKind = kw.text();
        blockName = name.text();
        blockAt = where;
    }

    // ---- block members

    private void member() throws LineError {
        Token first = peek();
        if (first.kind() == Kind.SYMBOL && first.text().equals("}")) {
            next();
            expectEnd();
            close();
            return;
        }
        if (first.kind() == Kind.IDENT && TOP_KEYWORDS.contains(first.text()) && tokens.size() > 2
                && tokens.get(1).kind() == Kind.IDENT && !(tokens.get(2).kind() == Kind.SYMBOL && tokens.get(2).text().equals(":"))) {
            throw new LineError(first.column(), "'}' missing before this line: " + blockKind + " " + blockName + " opened at line " + blockAt.line());
        }
        switch (blockKind) {
            case "enum", "set" -> valueLine();
            case "composite", "message" -> fieldLine();
            case "union" -> memberLine();
            default -> throw new IllegalStateException(blockKind);
        }
    }

    private void valueLine() throws LineError {
        Token name = expectName("a " + (blockKind.equals("enum") ? "value" : "choice") + " name or '}'");
        long value = nextValue;
        if (isSymbol("=")) {
            next();
            value = expectNumber(blockKind.equals("enum") ? "the value's number or character" : "the choice's bit number").value();
        }
        expectEnd();
        nextValue = value + 1;
        values.add(new ValueDraft(name.text(), value, at(name.column())));
    }

    private void fieldLine() throws LineError {
        boolean optional = false;
        Token name = expectName("a field ('name: type') or '}'");
        if (name.text().equals("optional") && peek().kind() == Kind.IDENT) {
            optional = true;
            name = next();
        }
        expectSymbol(":", "between the field name and its type");
        Token type = expectName("the type of field " + name.text());
        TypeRef ref;
        if (isSymbol("(")) {
            next();
            Token arg = next();
            if (arg.kind() != Kind.INT) throw new LineError(arg.column(), "expected a number in " + type.text() + "( ), found " + arg.show());
            expectSymbol(")", "after " + type.text() + "(" + arg.text());
            ref = TypeRef.of(type.text(), arg.value(), at(type.column()));
        } else if (isSymbol("[")) {
            next();
            Long bound = null;
            if (peek().kind() == Kind.INT) bound = next().value();
            expectSymbol("]", "to close the group " + type.text() + "[");
            ref = TypeRef.group(type.text(), bound, at(type.column()));
        } else {
            ref = TypeRef.of(type.text(), at(type.column()));
        }
        expectEnd();
        fields.add(new FieldDraft(name.text(), ref, optional, at(name.column())));
    }

    private void memberLine() throws LineError {
        while (true) {
            Token name = expectName("a message name or '}'");
            members.add(new NameRef(name.text(), at(name.column())));
            if (peek().kind() == Kind.END) return;
            expectSymbol(",", "between union members");
            if (peek().kind() == Kind.END) return;
        }
    }

    private void close() {
        switch (blockKind) {
            case "enum" -> draft.add(new EnumDraft(blockName, blockEncoding, values, blockAt));
            case "set" -> draft.add(new SetDraft(blockName, blockEncoding, values, blockAt));
            case "composite" -> draft.addComposite(new BlockDraft(blockName, null, fields, blockAt));
            case "message" -> draft.addMessage(new BlockDraft(blockName, blockId, fields, blockAt));
            case "union" -> draft.add(new UnionDraft(blockName, members, blockAt));
            default -> throw new IllegalStateException(blockKind);
        }
        blockKind = null;
    }
}
