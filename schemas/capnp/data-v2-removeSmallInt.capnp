# Version 2 of data.capnp under the change "removeSmallInt": smallInt is deleted, as a user would. Cap'n
# Proto does not let a field go (its rules: rename it obsolete instead), and the compiler refuses the hole
# this leaves ("Skipped ordinal @4. Ordinals must be sequential with no holes"), so longInt is renumbered
# from @5 to @4, the only way to state the removal. Its own file id, package and outer class.
@0xcceea55b7907cee4;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp.v2.removesmallint");
$Java.outerClassname("DataV2RemoveSmallIntCapnp");

enum Side {
  buy @0;
  sell @1;
}

struct Data {
  price @0 :Float64;
  flag @1 :Bool;
  text @2 :Text;
  side @3 :Side;
  longInt @4 :Int64;
}
