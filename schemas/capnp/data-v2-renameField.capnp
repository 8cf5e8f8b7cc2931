# Version 2 of data.capnp under the change "renameField": smallInt is called quantity; same ordinal and
# type. Names are not on the wire. Its own file id, package and outer class.
@0xdbf6d3ff978c14e2;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp.v2.renamefield");
$Java.outerClassname("DataV2RenameFieldCapnp");

enum Side {
  buy @0;
  sell @1;
}

struct Data {
  price @0 :Float64;
  flag @1 :Bool;
  text @2 :Text;
  side @3 :Side;
  quantity @4 :Int32;
  longInt @5 :Int64;
}
