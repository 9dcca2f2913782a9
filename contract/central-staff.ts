// Scaffold (issue 38, part "staff"): the central console's staff routes (schemas shared by server and client).
export {};
