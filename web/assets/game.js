// The game page script: drawn in the next commit.
