import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["contact form", "age gate", "cart"]);
