import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["admin sign-in", "sign out", "migration"]);
