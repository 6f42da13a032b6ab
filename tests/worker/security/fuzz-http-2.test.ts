import { describeHttpFuzz } from "./fuzz-http";

// Its own seed: the two shards send different requests (the frames and schema checks use 92,027 and 92,028).
describeHttpFuzz(92_029);
