import { configureFastCheck } from "./fast-check";

configureFastCheck();
