# Version 2 of data.capnp under the change "addField": venue gets the next ordinal, @6, as the Cap'n Proto
# evolution rules require. Its own file id, package and outer class.
@0xa56954e7a910caf9;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp.v2.addfield");
$Java.outerClassname("DataV2AddFieldCapnp");

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
  venue @6 :Int32;
}
