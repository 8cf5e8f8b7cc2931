/**
 * Child JVMs and the end of this one: {@link org.wireshootout.process.ChildJvm} is the one class that starts
 * processes (the replay's JVM per format, the wire's forks and cross-process sides), with the parent's JVM flags
 * passed on; {@link org.wireshootout.process.Lifecycle} ends every child and runs the registered clean-up and
 * report actions when this JVM ends, normally or by SIGTERM/SIGINT. Depends on nothing else in the project but
 * {@link org.wireshootout.JvmFlags}.
 */
package org.wireshootout.process;
