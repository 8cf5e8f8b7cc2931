# The six-field Data message as a Cap'n Proto struct. Ordinals follow the DataFields order; Cap'n Proto
# requires lower-case enumerant names (capnpc-java turns them into BUY and SELL). The IEX schema lives
# beside this file with its own file id and outer class.
@0x84f7e61d2bc7a63e;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp");
$Java.outerClassname("DataCapnp");

enum Side {
  buy @0;
  sell @1;
}

struct Data {
  price @0 :Float64;
  flag @1 :Bool;
  text @2 :Text;
  side @3 :Side;
  smallInt @4 :Int32;
  longInt @5 :Int64;
}
