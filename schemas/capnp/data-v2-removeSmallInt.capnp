# Version 2 of data.capnp under the change "removeSmallInt", the way Cap'n Proto's language documentation
# says to retire a field (Language, "Evolving your protocol": symbolic names may change while ordinals stay; a
# field is not removed but renamed, by convention obsolete..., and no longer used): smallInt stays @4 as
# obsoleteSmallInt, which version 2 never sets or reads. Deleting it instead (the naive change) is refused by the compiler ("Skipped ordinal
# @4") unless longInt is renumbered @5 -> @4, which the rules forbid. Its own file id, package and outer class.
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
  obsoleteSmallInt @4 :Int32;
  longInt @5 :Int64;
}
