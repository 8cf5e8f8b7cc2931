package org.wireshootout.generator;

/**
 * What a union class generated from a schema offers besides {@link GeneratedMessage}: one message of a stream of
 * several message types, whichever member it is ({@link org.wireshootout.schema.MessageClassGenerator}).
 *
 * @param <U> the union class itself
 */
public interface GeneratedUnion<U extends GeneratedUnion<U>> extends GeneratedMessage<U> {

    /** How many members the union has. */
    int members();

    /** Which member this message is: its position in the union, 0 to {@code members() - 1}. */
    int member();

    /** The schema's id of the member this message is. */
    int id();

    /** Makes member {@code position} the message and hands back its instance, to fill. */
    GeneratedMessage<?> select(int position);

    /** The instance of the member this message is. */
    GeneratedMessage<?> held();
}
