# Version 2 of data.capnp under the change "newSideValue": Side gains short with the next ordinal, @2. Its
# own file id, package and outer class.
@0xbbaa7e15b2459fbd;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp.v2.newsidevalue");
$Java.outerClassname("DataV2NewSideValueCapnp");

enum Side {
  buy @0;
  sell @1;
  short @2;
}

struct Data {
  price @0 :Float64;
  flag @1 :Bool;
  text @2 :Text;
  side @3 :Side;
  smallInt @4 :Int32;
  longInt @5 :Int64;
}
