import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["lab report upload"]);
