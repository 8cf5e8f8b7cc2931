/**
 * The project's message schemas: the schema language ({@link org.wireshootout.schema.SchemaParser}, described in
 * docs/schema.md), its immutable model ({@link org.wireshootout.schema.Schema} and the types it holds), the rules
 * every schema must keep ({@link org.wireshootout.schema.SchemaResolver}), and importers for the IDLs users
 * already have ({@link org.wireshootout.schema.SbeImporter}, {@link org.wireshootout.schema.ProtoImporter}).
 * Every error names file, line and, where known, column.
 */
package org.wireshootout.schema;
