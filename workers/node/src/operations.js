// The six methods of seed 002 (Void, Double, Sum, PowerOfTwo, Recolor, MatMul), shared by
// every protocol of the Node.js worker. Filled in with the contract's definitions.
export const OPERATIONS = {};
