import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["shop settings"]);
