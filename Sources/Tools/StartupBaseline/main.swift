import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// `startup-baseline`: a program that only imports Foundation and FoundationNetworking, as
// `rezepte` does, and prints one line, so that the bench can set `rezepte`'s jobs against what
// starting any Swift program with them costs.
print(ProcessInfo.processInfo.processName)
