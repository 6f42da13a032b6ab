import { describeHttpFuzz } from "./fuzz-http";

describeHttpFuzz(92_026);
