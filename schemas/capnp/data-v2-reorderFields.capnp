# Version 2 of data.capnp under the change "reorderFields": the fields are declared in reverse order, each
# keeping its ordinal: layout follows the ordinals, not the order of declaration. Its own file id, package
# and outer class.
@0xd6fec0218f92f4b9;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp.v2.reorderfields");
$Java.outerClassname("DataV2ReorderFieldsCapnp");

enum Side {
  buy @0;
  sell @1;
}

struct Data {
  longInt @5 :Int64;
  smallInt @4 :Int32;
  side @3 :Side;
  text @2 :Text;
  flag @1 :Bool;
  price @0 :Float64;
}
