// Scaffold (issue 38, part "home"): the central console's home routes (schemas shared by server and client).
export {};
