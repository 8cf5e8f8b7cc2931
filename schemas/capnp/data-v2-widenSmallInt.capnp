# Version 2 of data.capnp under the change "widenSmallInt": smallInt @4 is declared Int64; the Cap'n Proto
# rules list no such change as compatible (Int32 and Int64 have different sizes and so different places in
# the data section). Its own file id, package and outer class.
@0x83d6cedef29b6b97;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp.v2.widensmallint");
$Java.outerClassname("DataV2WidenSmallIntCapnp");

enum Side {
  buy @0;
  sell @1;
}

struct Data {
  price @0 :Float64;
  flag @1 :Bool;
  text @2 :Text;
  side @3 :Side;
  smallInt @4 :Int64;
  longInt @5 :Int64;
}
