//! The Discord adapter end to end, against a fake Discord (gateway and REST).
