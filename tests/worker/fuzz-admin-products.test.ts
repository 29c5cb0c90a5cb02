import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["add product", "edit product"]);
