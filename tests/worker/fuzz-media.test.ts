import { fuzzEndpoints } from "./fuzz";

fuzzEndpoints(["image upload", "video upload", "video part"]);
