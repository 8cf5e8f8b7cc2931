/**
 * What a library's backend of the codec generator implements ({@link org.wireshootout.generator.spi.CodecBackend})
 * and works with ({@link org.wireshootout.generator.spi.GenContext}): the one part of the generator the libraries'
 * packages depend on, so that the generator can depend on the registry of backends without a cycle.
 */
package org.wireshootout.generator.spi;
