import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["toggle product", "delete product", "category form", "delete category"]);
