module attributes {a = array<index: 1>} {}
